import { Button } from '@/components/ui/button';

/** The profile forms' submit button, which says when it is working. */
export function SaveProfileButton({ saving }: { saving: boolean }) {
  return (
    <div className="flex justify-end">
      <Button type="submit" disabled={saving} className="w-full sm:w-auto">
        {saving ? 'Saving...' : 'Save profile'}
      </Button>
    </div>
  );
}

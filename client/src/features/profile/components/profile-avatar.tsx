import { lazy, Suspense, useState } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { useDisabledUntilHydrated } from '@/lib/use-hydrated';
import { cn } from '@/lib/utils';

export type AvatarPerson = { name: string; username: string; profilePicture: string | null };

// The enlarged picture opens on a tap: its dialog code loads apart, the first time it is asked for.
const AvatarDialog = lazy(() =>
  import('./avatar-dialog').then((module) => ({ default: module.AvatarDialog })),
);

/** The profile's avatar; tapping it shows it larger in a dialog. */
export function ProfileAvatar({ person, className }: { person: AvatarPerson; className?: string }) {
  const [enlarged, setEnlarged] = useState(false);
  const [everEnlarged, setEverEnlarged] = useState(false);
  const inactive = useDisabledUntilHydrated();

  return (
    <>
      <button
        type="button"
        disabled={inactive}
        aria-label={`Enlarge ${person.name}'s profile picture`}
        onClick={() => {
          setEverEnlarged(true);
          setEnlarged(true);
        }}
        className={cn(
          'relative rounded-full ring-4 ring-card focus-visible:ring-ring focus-visible:outline-hidden',
          className,
        )}
      >
        <Avatar name={person.name} picture={person.profilePicture} size="2xl" decorative eager />
      </button>

      {everEnlarged && (
        <Suspense fallback={null}>
          <AvatarDialog person={person} open={enlarged} onOpenChange={setEnlarged} />
        </Suspense>
      )}
    </>
  );
}

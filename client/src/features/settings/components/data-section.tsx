import { Download, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { accountExportFileName } from '@shared/schema/account-data';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { useExportAccount } from '../api/export-account';
import { downloadJson } from '../lib/download-json';
import { DeleteAccountDialog } from './delete-account-dialog';
import { SettingsSection } from './settings-section';

/** A copy of everything kept about the person, and the deletion of their account. */
export function DataSection() {
  const [deleting, setDeleting] = useState(false);
  const exportData = useExportAccount({
    mutationConfig: {
      onSuccess: (data) => {
        downloadJson(data, accountExportFileName(data.profile.username, data.exportedAt));
        toast({ title: 'Download ready', description: 'Your data was saved as a JSON file.' });
      },
      onError: (error) => {
        toast({
          variant: 'destructive',
          title: 'Download failed',
          description: errorMessage(error, 'Failed to download your data. Please try again.'),
        });
      },
    },
  });

  return (
    <SettingsSection
      id="your-data"
      title="Your data"
      description="Download a copy of your data, or delete your account."
    >
      <div className="grid gap-6">
        <div className="grid gap-2">
          <p className="text-sm text-muted-foreground">
            One JSON file with your profile, friends, posts, comments, gift cards, transactions and
            notifications.
          </p>
          <div>
            <Button
              type="button"
              variant="outline"
              disabled={exportData.isPending}
              onClick={() => exportData.mutate()}
            >
              <Download aria-hidden="true" />
              {exportData.isPending ? 'Preparing download...' : 'Download my data'}
            </Button>
          </div>
        </div>
        <div className="grid gap-2 border-t pt-6">
          <p className="text-sm text-muted-foreground">
            Deleting your account signs you out everywhere and erases your personal data. It cannot
            be undone.
          </p>
          <div>
            <DeleteAccountDialog
              open={deleting}
              onOpenChange={setDeleting}
              trigger={
                <Button type="button" variant="destructive">
                  <Trash2 aria-hidden="true" />
                  Delete account
                </Button>
              }
            />
          </div>
        </div>
      </div>
    </SettingsSection>
  );
}

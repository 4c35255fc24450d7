import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { ErrorAlert } from '@/components/ui/error-alert';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { useBlockedUsers, useUnblockUser } from '../api/blocked-users';

type BlockedPeopleDialogProps = { open: boolean; onOpenChange: (open: boolean) => void };

/** The people I blocked, each with Unblock. */
export function BlockedPeopleDialog({ open, onOpenChange }: BlockedPeopleDialogProps) {
  const blocked = useBlockedUsers({ enabled: open });
  const unblock = useUnblockUser({
    mutationConfig: {
      onSuccess: (_answer, username) =>
        toast({ title: 'Unblocked', description: `@${username} can reach you again.` }),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Failed to unblock',
          description: errorMessage(error, 'Please try again.'),
        }),
    },
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Blocked people</DialogTitle>
          <DialogDescription>
            They cannot message you, send you friend requests or gifts. They are not told.
          </DialogDescription>
        </DialogHeader>
        {blocked.isPending ? (
          <Spinner label="Loading blocked people" className="py-6" />
        ) : blocked.isError ? (
          <ErrorAlert
            message="Failed to load the people you blocked."
            onRetry={() => void blocked.refetch()}
            retrying={blocked.isFetching}
          />
        ) : blocked.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">You have not blocked anyone.</p>
        ) : (
          <ul aria-label="Blocked people" className="grid gap-2">
            {blocked.data.map((person) => (
              <li key={person.username} className="flex items-center gap-3">
                <Avatar name={person.name} picture={person.avatar} size="sm" decorative />
                <span className="grid min-w-0 flex-1">
                  <span className="truncate font-medium">{person.name}</span>
                  <span className="truncate text-xs text-muted-foreground">@{person.username}</span>
                </span>
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  disabled={unblock.isPending}
                  onClick={() => unblock.mutate(person.username)}
                >
                  Unblock<span className="sr-only"> {person.name}</span>
                </Button>
              </li>
            ))}
          </ul>
        )}
      </DialogContent>
    </Dialog>
  );
}

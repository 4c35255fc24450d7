import { type SignedInSession } from '@shared/schema/account';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ErrorAlert } from '@/components/ui/error-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { formatRelativeTime } from '@/lib/relative-time';
import { useSessions } from '../api/get-sessions';
import { useSignOutOtherSessions } from '../api/sign-out-other-sessions';
import { useSignOutSession } from '../api/sign-out-session';
import { SettingsSection } from './settings-section';

/** Where the account is signed in, with a way to end any session but this one. */
export function SessionsSection() {
  const sessions = useSessions();
  const signOut = useSignOutSession({
    mutationConfig: {
      onSuccess: () => toast({ title: 'Signed out', description: 'That session has ended.' }),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Failed to sign out that session',
          description: errorMessage(error, 'Please try again.'),
        }),
    },
  });
  const signOutOthers = useSignOutOtherSessions({
    mutationConfig: {
      onSuccess: ({ ended }) =>
        toast({
          title: 'Signed out everywhere else',
          description: `${ended} other ${ended === 1 ? 'session' : 'sessions'} ended.`,
        }),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Failed to sign out the other sessions',
          description: errorMessage(error, 'Please try again.'),
        }),
    },
  });

  const others = sessions.data?.filter((session) => !session.current) ?? [];

  return (
    <SettingsSection
      id="sessions"
      title="Signed-in sessions"
      description="The browsers and devices signed in to your account. Sign out any you do not recognise, and change your password."
    >
      {sessions.isPending ? (
        <div role="status" aria-label="Loading sessions" className="grid gap-3">
          {[0, 1].map((row) => (
            <div key={row} className="grid gap-2 py-1">
              <Skeleton className="h-4 w-40" />
              <Skeleton className="h-3 w-64" />
            </div>
          ))}
        </div>
      ) : sessions.isError ? (
        <ErrorAlert
          message={errorMessage(sessions.error, 'Could not load your sessions.')}
          onRetry={() => void sessions.refetch()}
          retrying={sessions.isFetching}
        />
      ) : (
        <div className="grid gap-4">
          <ul className="divide-y" aria-label="Sessions">
            {sessions.data.map((session) => (
              <SessionRow
                key={session.id}
                session={session}
                signingOut={signOut.isPending && signOut.variables === session.id}
                onSignOut={() => signOut.mutate(session.id)}
              />
            ))}
          </ul>
          {others.length === 0 ? (
            <p className="text-sm text-muted-foreground">You are not signed in anywhere else.</p>
          ) : (
            <div className="flex justify-end">
              <Button
                type="button"
                variant="outline"
                className="w-full sm:w-auto"
                disabled={signOutOthers.isPending}
                onClick={() => signOutOthers.mutate()}
              >
                {signOutOthers.isPending ? 'Signing out...' : 'Sign out everywhere else'}
              </Button>
            </div>
          )}
        </div>
      )}
    </SettingsSection>
  );
}

type SessionRowProps = { session: SignedInSession; signingOut: boolean; onSignOut: () => void };

function SessionRow({ session, signingOut, onSignOut }: SessionRowProps) {
  const lastUsed = session.current ? 'now' : formatRelativeTime(session.lastUsedAt);
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3 first:pt-0 last:pb-0">
      <div className="grid min-w-0 gap-1">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          <span className="break-words">{session.device}</span>
          {session.current && <Badge variant="success">This device</Badge>}
        </p>
        <p className="text-sm text-muted-foreground">
          {session.signedInAt && <>Signed in {formatDateTime(session.signedInAt)} · </>}
          Last used {lastUsed}
          {session.remembered && ' · Kept signed in'}
        </p>
      </div>
      {!session.current && (
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={signingOut}
          onClick={onSignOut}
          aria-label={`Sign out ${session.device}, last used ${lastUsed}`}
        >
          {signingOut ? 'Signing out...' : 'Sign out'}
        </Button>
      )}
    </li>
  );
}

import { type CurrentUser } from '@shared/schema/users';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDateTime } from '@/lib/format';
import { useHealth } from '../api/get-health';
import { useSessionInfo } from '../api/get-session';

/** Facts a business (or its support) needs when something looks wrong. */
export function DebugPanel({ user }: { user: CurrentUser }) {
  const session = useSessionInfo();
  const health = useHealth();

  const pendingOr = (isError: boolean, value: string | undefined) =>
    value ?? (isError ? 'Unavailable' : 'Loading…');

  const rows: Array<[string, string]> = [
    ['Account ID', String(user.id)],
    ['Username', `@${user.username}`],
    ['Role', user.type],
    [
      'Signed in',
      pendingOr(
        session.isError,
        session.data && (session.data.signedInAt ? formatDateTime(session.data.signedInAt) : '—'),
      ),
    ],
    [
      'Session expires',
      pendingOr(
        session.isError,
        session.data && (session.data.expiresAt ? formatDateTime(session.data.expiresAt) : '—'),
      ),
    ],
    ['Server status', pendingOr(health.isError, health.data?.status)],
    ['Database', pendingOr(health.isError, health.data?.database)],
  ];

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Debug</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="font-mono break-all">{value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}

import { Suspense, type ComponentType } from 'react';
import { Redirect, Route } from 'wouter';
import { type UserType } from '@shared/constants';
import { useUser } from '@/api/get-user';
import { FullPageSpinner, Spinner } from '@/components/ui/spinner';
import { paths } from '@/lib/paths';
import { PageShell } from './page-shell';

type ProtectedRouteProps = {
  path: string;
  component: ComponentType;
  /** Only this account type may open the page; the other is sent home (spec §6). */
  role?: UserType;
};

/**
 * The one guard for signed-in pages: a spinner while the session loads, /auth when signed out,
 * / when the account type does not match; otherwise the page inside the page shell.
 */
export function ProtectedRoute({ path, component: Page, role }: ProtectedRouteProps) {
  return (
    <Route path={path}>
      <Guard page={Page} role={role} />
    </Route>
  );
}

function Guard({ page: Page, role }: { page: ComponentType; role?: UserType }) {
  const { data: user, isPending } = useUser();

  if (isPending) return <FullPageSpinner />;
  if (!user) return <Redirect to={paths.auth} replace />;
  if (role && user.type !== role) return <Redirect to={paths.home} replace />;

  return (
    <PageShell user={user}>
      <Suspense fallback={<Spinner className="py-16" />}>
        <Page />
      </Suspense>
    </PageShell>
  );
}

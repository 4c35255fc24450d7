import { Suspense, type ComponentType } from 'react';
import { Redirect, Route } from 'wouter';
import { type UserType } from '@shared/constants';
import { useUser } from '@/api/get-user';
import { FullPageSpinner, Spinner } from '@/components/ui/spinner';
import { paths } from '@/lib/paths';
import { usePageShell } from './use-page-shell';

type ProtectedRouteProps = { path: string } & (
  | {
      component: ComponentType;
      /** Only this account type may open the page; the other is sent home. */
      role?: UserType;
      componentByRole?: never;
    }
  | {
      /** One page per account type on the same path, e.g. the home. */
      componentByRole: Record<UserType, ComponentType>;
      component?: never;
      role?: never;
    }
);

/**
 * The one guard for signed-in pages: a spinner while the session loads, /auth when signed out,
 * / when the account type does not match; otherwise the page inside the page shell. With
 * `componentByRole` the path serves each account type its own page, so features stay apart and
 * each page loads only for the accounts that see it.
 */
export function ProtectedRoute({ path, component, componentByRole, role }: ProtectedRouteProps) {
  return (
    <Route path={path}>
      <Guard component={component} componentByRole={componentByRole} role={role} />
    </Route>
  );
}

type GuardProps = {
  component?: ComponentType;
  componentByRole?: Record<UserType, ComponentType>;
  role?: UserType;
};

function Guard({ component, componentByRole, role }: GuardProps) {
  const { data: user, isPending } = useUser();
  // Fetched alongside the session, which is nearly always a signed-in one on these paths.
  const PageShell = usePageShell(isPending || Boolean(user));

  if (isPending) return <FullPageSpinner />;
  if (!user) return <Redirect to={paths.auth} replace />;
  if (role && user.type !== role) return <Redirect to={paths.home} replace />;
  const Page = componentByRole ? componentByRole[user.type] : component;
  if (!Page) return null;
  if (!PageShell) return <FullPageSpinner />;

  return (
    <PageShell user={user}>
      <Suspense fallback={<Spinner className="py-16" />}>
        <Page />
      </Suspense>
    </PageShell>
  );
}

import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { ProtectedRoute } from '@/components/layout/protected-route';
import { FullPageSpinner } from '@/components/ui/spinner';
import { Toaster } from '@/components/ui/toaster';
import { paths } from '@/lib/paths';
import { queryClient } from '@/lib/query-client';

const AuthPage = lazy(() =>
  import('@/features/auth/pages/auth-page').then((module) => ({ default: module.AuthPage })),
);
const HomePage = lazy(() =>
  import('@/features/home/pages/home-page').then((module) => ({ default: module.HomePage })),
);
const NotFoundPage = lazy(() =>
  import('@/features/not-found/pages/not-found-page').then((module) => ({
    default: module.NotFoundPage,
  })),
);

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <Suspense fallback={<FullPageSpinner />}>
        <Switch>
          <Route path={paths.auth} component={AuthPage} />
          <ProtectedRoute path={paths.home} component={HomePage} />
          <Route component={NotFoundPage} />
        </Switch>
      </Suspense>
      <Toaster />
    </QueryClientProvider>
  );
}

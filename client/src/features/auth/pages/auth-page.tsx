import { lazy, Suspense, useState } from 'react';
import { Redirect, useLocation } from 'wouter';
import { useUser } from '@/api/get-user';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FullPageSpinner, Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { paths } from '@/lib/paths';
import { LoginForm } from '../components/login-form';

// Registration (its forms, and zod with the shared schemas they validate against) is not on the
// first screen, which signs in without client validation: it loads apart, when the Register tab
// is pointed at, focused or chosen. Loaded as soon as the page was up, building the schemas kept a
// phone's main thread busy for most of a second just when someone starts to type.
const loadRegisterForm = () => import('../components/register-form');
const RegisterForm = lazy(() =>
  loadRegisterForm().then((module) => ({ default: module.RegisterForm })),
);

const preloadRegisterForm = () => void loadRegisterForm().catch(() => {});

type AuthTab = 'login' | 'register';

export function AuthPage() {
  const { data: user, isPending } = useUser();
  const [, navigate] = useLocation();
  const [tab, setTab] = useState<AuthTab>('login');

  if (isPending) return <FullPageSpinner />;
  if (user) return <Redirect to={paths.home} replace />;

  const goHome = () => navigate(paths.home, { replace: true });

  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-6 px-4 py-8 sm:py-12">
      <div className="text-center">
        <p className="text-3xl font-bold tracking-tight text-primary">mark.it</p>
        <p className="mt-1 text-sm text-muted-foreground">
          Gift cards from the brands you love, shared with the people you like.
        </p>
      </div>
      <Card className="w-full max-w-md">
        <CardHeader className="p-4 text-center sm:p-6">
          <CardTitle as="h1" className="text-2xl">
            Welcome to mark.it
          </CardTitle>
          <CardDescription>
            {tab === 'login' ? 'Sign in to your account' : 'Create a new account'}
          </CardDescription>
        </CardHeader>
        <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">
          {/* Inactive tab panels unmount, so switching tabs resets the forms, any error,
              the selections and the registration step. */}
          <Tabs value={tab} onValueChange={(value) => setTab(value as AuthTab)}>
            <TabsList className="grid w-full grid-cols-2">
              <TabsTrigger value="login">Sign In</TabsTrigger>
              <TabsTrigger
                value="register"
                onPointerEnter={preloadRegisterForm}
                onPointerDown={preloadRegisterForm}
                onFocus={preloadRegisterForm}
              >
                Register
              </TabsTrigger>
            </TabsList>
            <TabsContent value="login">
              <LoginForm onSuccess={goHome} />
            </TabsContent>
            <TabsContent value="register">
              <Suspense
                fallback={<Spinner label="Loading the registration form" className="py-8" />}
              >
                <RegisterForm onSuccess={goHome} />
              </Suspense>
            </TabsContent>
          </Tabs>
        </CardContent>
      </Card>
    </main>
  );
}

import { type ReactNode } from 'react';
import { Link } from 'wouter';
import { useUser } from '@/api/get-user';
import { buttonVariants } from '@/components/ui/button';
import { paths } from '@/lib/paths';
import { usePageShell } from './use-page-shell';

/**
 * The frame of an open page (a public profile): the usual navigation for someone signed in, and
 * for a visitor a slim bar with the logo and 'Sign in'. The page shows at once either way; the
 * frame switches when the session is known and, the first time, the signed-in frame has loaded.
 */
export function PublicShell({ children }: { children: ReactNode }) {
  const { data: user } = useUser();
  const PageShell = usePageShell(Boolean(user));
  if (user && PageShell) return <PageShell user={user}>{children}</PageShell>;
  return (
    <div className="min-h-screen">
      <header className="border-b bg-card">
        <div className="mx-auto flex h-14 max-w-6xl items-center justify-between gap-4 px-4 md:h-16">
          <Link
            href={paths.home}
            className="rounded-md text-xl font-bold tracking-tight text-primary focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-hidden"
          >
            mark.it
          </Link>
          <Link href={paths.auth} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
            Sign in
          </Link>
        </div>
      </header>
      <main className="mx-auto w-full max-w-6xl px-4 pt-6 pb-10">{children}</main>
    </div>
  );
}

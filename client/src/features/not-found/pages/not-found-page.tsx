import { Link } from 'wouter';
import { buttonVariants } from '@/components/ui/button';
import { paths } from '@/lib/paths';

export function NotFoundPage() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 px-4 text-center">
      <h1 className="text-6xl font-bold text-primary">404</h1>
      <p className="text-lg text-muted-foreground">Page not found</p>
      <Link href={paths.home} className={buttonVariants()}>
        Go back home
      </Link>
    </main>
  );
}

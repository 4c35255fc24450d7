import { UserX } from 'lucide-react';
import { Link } from 'wouter';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { ErrorAlert } from '@/components/ui/error-alert';
import { paths } from '@/lib/paths';

type ProfileNotFoundProps = {
  username: string;
  /** Offered when the load failed for another reason than a missing profile. */
  onRetry?: () => void;
  retrying?: boolean;
};

/** A failed or empty profile load. */
export function ProfileNotFound({ username, onRetry, retrying = false }: ProfileNotFoundProps) {
  return (
    <Card>
      <CardContent className="grid justify-items-center gap-4 p-6 text-center sm:p-10">
        <UserX className="size-12 text-muted-foreground" aria-hidden="true" />
        <h1 className="text-2xl font-bold">Profile Not Found</h1>
        {onRetry ? (
          <ErrorAlert
            message="Failed to load profile. Please try again."
            onRetry={onRetry}
            retrying={retrying}
            className="text-left"
          />
        ) : (
          <p className="text-muted-foreground">No one on mark.it has the username @{username}.</p>
        )}
        <Link href={paths.home} className={buttonVariants()}>
          Return Home
        </Link>
      </CardContent>
    </Card>
  );
}

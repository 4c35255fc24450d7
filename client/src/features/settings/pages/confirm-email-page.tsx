import { CheckCircle2, LoaderCircle } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useSearch } from 'wouter';
import { useUser } from '@/api/get-user';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ErrorAlert } from '@/components/ui/error-alert';
import { errorMessage } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { useConfirmEmailChange } from '../api/confirm-email-change';

const NO_TOKEN = 'This link is incomplete. Open the link from the e-mail again.';

/**
 * Where the link of an e-mail-change letter leads: confirms the new sign-in address at once, on
 * whichever device the letter is opened, signed in or not (the link's token is the proof).
 */
export function ConfirmEmailPage() {
  const token = new URLSearchParams(useSearch()).get('token')?.trim() ?? '';
  const { data: user } = useUser();
  const confirm = useConfirmEmailChange();
  const { mutate } = confirm;

  // Once per token: a token works once, so a second call would only answer that it was used.
  const sentFor = useRef<string | null>(null);
  useEffect(() => {
    if (!token || sentFor.current === token) return;
    sentFor.current = token;
    mutate({ token });
  }, [token, mutate]);

  const next = user
    ? { href: paths.settings, label: 'Back to Settings' }
    : { href: paths.auth, label: 'Sign in' };

  return (
    <div className="mx-auto grid w-full max-w-lg grid-cols-1 gap-6">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Confirm your new e-mail</h1>
      <Card>
        <CardHeader>
          <CardTitle as="h2">
            {confirm.isSuccess ? 'E-mail confirmed' : 'Sign-in e-mail change'}
          </CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          {!token ? (
            <ErrorAlert message={NO_TOKEN} />
          ) : confirm.isSuccess ? (
            <p role="status" className="flex items-start gap-2 text-sm">
              <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
              {confirm.data.message}
            </p>
          ) : confirm.isError ? (
            <ErrorAlert
              message={errorMessage(confirm.error, 'The e-mail could not be confirmed.')}
            />
          ) : (
            <div role="status" className="flex items-center gap-3 text-sm text-muted-foreground">
              <LoaderCircle aria-hidden="true" className="size-4 motion-safe:animate-spin" />
              Confirming your new e-mail…
            </div>
          )}
          {(confirm.isSuccess || confirm.isError || !token) && (
            <Link href={next.href} className={buttonVariants({ className: 'w-full sm:w-fit' })}>
              {next.label}
            </Link>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

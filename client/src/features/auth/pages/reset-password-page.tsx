import { useSearch } from 'wouter';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ForgotPasswordForm } from '../components/forgot-password-form';
import { ResetPasswordForm } from '../components/reset-password-form';

/**
 * /reset-password: without a token, asks for a reset link by e-mail; with the token of the link
 * (`?token=`), sets the new password. Open to everyone: the link is the proof.
 */
export function ResetPasswordPage() {
  const token = new URLSearchParams(useSearch()).get('token');
  return (
    <div className="mx-auto w-full max-w-md">
      <Card>
        <CardHeader>
          <CardTitle as="h1" className="text-2xl">
            {token ? 'Choose a new password' : 'Reset your password'}
          </CardTitle>
          <CardDescription>
            {token
              ? 'It signs you in here and signs you out everywhere else.'
              : "Enter your account's e-mail and we'll send you a link to choose a new password."}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {token ? <ResetPasswordForm key={token} token={token} /> : <ForgotPasswordForm />}
        </CardContent>
      </Card>
    </div>
  );
}

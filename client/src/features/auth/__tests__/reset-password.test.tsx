import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Route, Switch } from 'wouter';
import { ACCOUNT_MESSAGES } from '@shared/schema/account';
import { buildUser } from '@/testing/fixtures';
import { jsonReply, pending } from '@/testing/mock-api';
import { findToast, renderWithProviders } from '@/testing/test-utils';
import { AuthPage } from '../pages/auth-page';
import { ResetPasswordPage } from '../pages/reset-password-page';
import { mockAuthApi } from './auth-test-helpers';

function renderAt(path: string) {
  return renderWithProviders(
    <Switch>
      <Route path="/auth" component={AuthPage} />
      <Route path="/reset-password" component={ResetPasswordPage} />
      <Route path="/">
        <p>Home screen</p>
      </Route>
    </Switch>,
    { path },
  );
}

describe('Forgot password', () => {
  it('opens from the Sign In tab and sends the address, then says to check the inbox', async () => {
    const api = mockAuthApi(() => ({
      'POST /api/password-reset': jsonReply(202, { message: ACCOUNT_MESSAGES.resetRequested }),
    }));
    const { user, currentPath } = renderAt('/auth');
    await user.click(await screen.findByRole('link', { name: 'Forgot password?' }));
    expect(currentPath()).toBe('/reset-password');
    expect(await screen.findByRole('heading', { name: 'Reset your password' })).toBeInTheDocument();

    await user.type(screen.getByLabelText('Email'), 'casey@example');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Valid email is required')).toBeInTheDocument();
    expect(api.requestsTo('POST', '/api/password-reset')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'casey@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Check your e-mail');
    expect(screen.getByRole('status')).toHaveTextContent(ACCOUNT_MESSAGES.resetRequested);
    expect(api.requestsTo('POST', '/api/password-reset')[0]?.body).toEqual({
      email: 'casey@example.com',
    });
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/auth');
  });

  it("shows the server's refusal (too many requests) in a toast", async () => {
    mockAuthApi(() => ({
      'POST /api/password-reset': jsonReply(429, { message: ACCOUNT_MESSAGES.resetRateLimited }),
    }));
    const { user } = renderAt('/reset-password');
    await user.type(await screen.findByLabelText('Email'), 'casey@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await findToast('Error')).toHaveTextContent(ACCOUNT_MESSAGES.resetRateLimited);
    expect(screen.queryByText('Check your e-mail')).not.toBeInTheDocument();
  });

  it("reads 'Sending...' while the request is on its way", async () => {
    mockAuthApi(() => ({ 'POST /api/password-reset': () => pending() }));
    const { user } = renderAt('/reset-password');
    await user.type(await screen.findByLabelText('Email'), 'casey@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeDisabled();
  });
});

describe('Choosing a new password from the link', () => {
  it('checks the registration rules, sends the token and goes home signed in', async () => {
    const casey = buildUser();
    const api = mockAuthApi((session) => ({
      'POST /api/password-reset/confirm': () => {
        session.signIn(casey);
        return jsonReply(200, casey);
      },
    }));
    const { user, currentPath } = renderAt('/reset-password?token=abc123');
    expect(
      await screen.findByRole('heading', { name: 'Choose a new password' }),
    ).toBeInTheDocument();

    await user.type(screen.getByLabelText('New password'), '12345');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(api.requestsTo('POST', '/api/password-reset/confirm')).toHaveLength(0);

    await user.type(screen.getByLabelText('New password'), '6');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('Home screen')).toBeInTheDocument();
    expect(currentPath()).toBe('/');
    expect(await findToast('Your password has been reset')).toBeInTheDocument();
    expect(api.requestsTo('POST', '/api/password-reset/confirm')[0]?.body).toEqual({
      token: 'abc123',
      password: '123456',
    });
  });

  it('says when the link no longer works and offers a new one', async () => {
    mockAuthApi(() => ({
      'POST /api/password-reset/confirm': jsonReply(400, {
        message: ACCOUNT_MESSAGES.invalidResetLink,
      }),
    }));
    const { user, currentPath } = renderAt('/reset-password?token=used');
    await user.type(await screen.findByLabelText('New password'), 'new-password-1');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(ACCOUNT_MESSAGES.invalidResetLink);
    await user.click(screen.getByRole('link', { name: 'Ask for a new link' }));
    expect(currentPath()).toBe('/reset-password');
    expect(await screen.findByRole('heading', { name: 'Reset your password' })).toBeInTheDocument();
  });

  it('shows a password refusal under the field', async () => {
    mockAuthApi(() => ({
      'POST /api/password-reset/confirm': jsonReply(400, {
        message: 'Password must be at most 128 characters',
        errors: { password: 'Password must be at most 128 characters' },
      }),
    }));
    const { user } = renderAt('/reset-password?token=abc');
    await user.type(await screen.findByLabelText('New password'), 'new-password-1');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('Password must be at most 128 characters')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Ask for a new link' })).not.toBeInTheDocument();
  });

  it('sends an account with two-factor on to sign in with its code', async () => {
    mockAuthApi(() => ({
      'POST /api/password-reset/confirm': jsonReply(202, {
        twoFactorRequired: true,
        message: ACCOUNT_MESSAGES.resetNeedsSecondFactor,
      }),
    }));
    const { user, currentPath } = renderAt('/reset-password?token=abc');
    await user.type(await screen.findByLabelText('New password'), 'new-password-1');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    await waitFor(() => expect(currentPath()).toBe('/auth'));
    expect(await findToast('Password reset')).toHaveTextContent(
      ACCOUNT_MESSAGES.resetNeedsSecondFactor,
    );
  });
});

describe('Keep me signed in', () => {
  it('is off by default and sends remember only when checked', async () => {
    const casey = buildUser();
    const api = mockAuthApi((session) => ({
      'POST /api/login': () => {
        session.signIn(casey);
        return jsonReply(200, casey);
      },
    }));
    const { user } = renderAt('/auth');
    const keep = await screen.findByRole('checkbox', { name: 'Keep me signed in' });
    expect(keep).not.toBeChecked();
    await user.click(keep);
    expect(keep).toBeChecked();

    await user.type(screen.getByLabelText('Email or Username'), 'casey');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Home screen')).toBeInTheDocument();
    expect(api.requestsTo('POST', '/api/login')[0]?.body).toEqual({
      identifier: 'casey',
      password: 'secret123',
      remember: true,
    });
  });
});

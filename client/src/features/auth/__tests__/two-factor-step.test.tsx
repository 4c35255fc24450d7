import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TWO_FACTOR_MESSAGES } from '@shared/schema/two-factor';
import { buildUser } from '@/testing/fixtures';
import { jsonReply } from '@/testing/mock-api';
import { findToast } from '@/testing/test-utils';
import { mockAuthApi, renderAuthPage } from './auth-test-helpers';

const casey = buildUser();

/** An account with two-factor on: the password asks for a code, `right` signs in. */
function mockTwoFactorApi(right: { code?: string; recoveryCode?: string }) {
  return mockAuthApi((session) => ({
    'POST /api/login': jsonReply(202, { twoFactorRequired: true }),
    'POST /api/login/two-factor': ({ body }) => {
      const sent = body as { code?: string; recoveryCode?: string };
      if (
        (right.code && sent.code === right.code) ||
        (right.recoveryCode && sent.recoveryCode === right.recoveryCode)
      ) {
        session.signIn(casey);
        return jsonReply(200, casey);
      }
      const message = sent.code ? 'Invalid authentication code' : 'Invalid recovery code';
      return jsonReply(401, { message });
    },
  }));
}

async function passwordStep() {
  const rendered = await renderAuthPage();
  await rendered.user.type(screen.getByLabelText('Email or Username'), 'casey');
  await rendered.user.type(screen.getByLabelText('Password'), 'secret123');
  await rendered.user.click(screen.getByRole('button', { name: 'Sign in' }));
  return rendered;
}

describe('Sign In with two-factor authentication', () => {
  it('asks for the code after the password, refuses a wrong one, then signs in', async () => {
    const api = mockTwoFactorApi({ code: '123456' });
    const { user, currentPath } = await passwordStep();

    const code = await screen.findByLabelText('Authentication code');
    expect(screen.getByRole('heading', { name: 'Two-factor authentication' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    expect(currentPath()).toBe('/auth');

    await user.type(code, '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid authentication code');
    expect(currentPath()).toBe('/auth');

    await user.clear(code);
    await user.type(code, '123 456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Home screen')).toBeInTheDocument();
    expect(await findToast('Login successful!')).toBeInTheDocument();
    expect(api.requestsTo('POST', '/api/login/two-factor').map((call) => call.body)).toEqual([
      { code: '654321' },
      { code: '123456' },
    ]);
  });

  it('checks the code with the shared schema before sending it', async () => {
    const api = mockTwoFactorApi({ code: '123456' });
    const { user } = await passwordStep();

    const code = await screen.findByLabelText('Authentication code');
    await user.type(code, '12');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    await waitFor(() => expect(code).toHaveAccessibleDescription(TWO_FACTOR_MESSAGES.codeFormat));
    expect(api.requestsTo('POST', '/api/login/two-factor')).toHaveLength(0);
  });

  it('signs in with a recovery code instead', async () => {
    const api = mockTwoFactorApi({ recoveryCode: 'abcde23456' });
    const { user } = await passwordStep();

    await screen.findByLabelText('Authentication code');
    await user.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    expect(screen.queryByLabelText('Authentication code')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Recovery code'), 'ABCDE-23456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByText('Home screen')).toBeInTheDocument();
    // Sent as the shared schema reads it: lower case, without the dash.
    expect(api.requestsTo('POST', '/api/login/two-factor')[0]?.body).toEqual({
      recoveryCode: 'abcde23456',
    });
  });

  it('goes back to the password step', async () => {
    mockTwoFactorApi({ code: '123456' });
    const { user } = await passwordStep();

    await screen.findByLabelText('Authentication code');
    await user.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(await screen.findByLabelText('Email or Username')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });
});

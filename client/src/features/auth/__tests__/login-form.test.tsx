import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser } from '@/testing/fixtures';
import { jsonReply } from '@/testing/mock-api';
import { findToast } from '@/testing/test-utils';
import { mockAuthApi, renderAuthPage } from './auth-test-helpers';

describe('Sign In', () => {
  it('signs in with a trimmed identifier and goes home', async () => {
    const casey = buildUser();
    const api = mockAuthApi((session) => ({
      'POST /api/login': () => {
        session.signIn(casey);
        return jsonReply(200, casey);
      },
    }));
    const { user, currentPath } = await renderAuthPage();

    await user.type(screen.getByLabelText('Email or Username'), '  casey  ');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Home screen')).toBeInTheDocument();
    expect(currentPath()).toBe('/');
    expect(await findToast('Login successful!')).toBeInTheDocument();
    expect(api.requestsTo('POST', '/api/login')[0]?.body).toEqual({
      identifier: 'casey',
      password: 'secret123',
    });
    // The session is confirmed by fetching the current user again.
    await waitFor(() => expect(api.requestsTo('GET', '/api/user').length).toBeGreaterThan(1));
  });

  it("shows the server's message in an alert when the credentials are wrong", async () => {
    mockAuthApi(() => ({
      'POST /api/login': jsonReply(401, { message: 'Invalid email, username or password' }),
    }));
    const { user, currentPath } = await renderAuthPage();

    await user.type(screen.getByLabelText('Email or Username'), 'casey');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Invalid email, username or password',
    );
    expect(await findToast('Error')).toHaveTextContent('Invalid email, username or password');
    expect(currentPath()).toBe('/auth');
  });

  it("falls back to 'Login failed' when the server gives no message", async () => {
    mockAuthApi(() => ({ 'POST /api/login': jsonReply(400) }));
    const { user } = await renderAuthPage();

    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed');
  });

  it("reads 'Signing in...' and is disabled while the request is pending", async () => {
    mockAuthApi(() => ({ 'POST /api/login': () => new Promise(() => {}) }));
    const { user } = await renderAuthPage();

    await user.type(screen.getByLabelText('Email or Username'), 'casey');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('button', { name: 'Signing in...' })).toBeDisabled();
  });

  it('shows and hides the password', async () => {
    mockAuthApi(() => ({}));
    const { user } = await renderAuthPage();
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');

    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');

    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });
});

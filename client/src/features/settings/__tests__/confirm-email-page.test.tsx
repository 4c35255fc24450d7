import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SETTINGS_MESSAGES } from '@shared/schema/profile-settings';
import { buildUser } from '@/testing/fixtures';
import { jsonReply, mockApi, type MockRoutes } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/test-utils';
import { ConfirmEmailPage } from '../pages/confirm-email-page';

function renderPage(path: string, routes: MockRoutes = {}) {
  const api = mockApi({
    'GET /api/user': jsonReply(401, { message: 'You need to sign in first' }),
    'POST /api/user/email/confirm': jsonReply(200, {
      message: SETTINGS_MESSAGES.emailChanged('casey@new.example'),
    }),
    ...routes,
  });
  return { api, ...renderWithProviders(<ConfirmEmailPage />, { path }) };
}

describe('Confirm e-mail page', () => {
  it("confirms the link's token once, signed out, and offers to sign in", async () => {
    const { api } = renderPage('/settings/confirm-email?token=abc123');
    expect(screen.getByRole('heading', { name: 'Confirm your new e-mail' })).toBeInTheDocument();

    expect(
      await screen.findByText(SETTINGS_MESSAGES.emailChanged('casey@new.example')),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'E-mail confirmed' })).toBeInTheDocument();
    expect(api.requestsTo('POST', '/api/user/email/confirm')).toEqual([
      expect.objectContaining({ body: { token: 'abc123' } }),
    ]);
    expect(await screen.findByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth');
  });

  it('leads back to Settings when signed in', async () => {
    renderPage('/settings/confirm-email?token=abc123', {
      'GET /api/user': jsonReply(200, buildUser()),
    });
    expect(await screen.findByRole('link', { name: 'Back to Settings' })).toHaveAttribute(
      'href',
      '/settings',
    );
  });

  it("shows the server's refusal of a used or expired link, or a taken address", async () => {
    renderPage('/settings/confirm-email?token=used', {
      'POST /api/user/email/confirm': jsonReply(400, {
        message: SETTINGS_MESSAGES.emailChangeLinkInvalid,
      }),
    });
    expect(await screen.findByText(SETTINGS_MESSAGES.emailChangeLinkInvalid)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'E-mail confirmed' })).not.toBeInTheDocument();
  });

  it('sends nothing without a token', async () => {
    const { api } = renderPage('/settings/confirm-email');
    expect(await screen.findByText(/This link is incomplete/)).toBeInTheDocument();
    expect(api.requestsTo('POST', '/api/user/email/confirm')).toHaveLength(0);
  });
});

import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SETTINGS_MESSAGES } from '@shared/schema/profile-settings';
import { buildProfileSettings } from '@/testing/fixtures';
import { jsonReply, mockApi, type MockRoutes } from '@/testing/mock-api';
import { findToast, renderWithProviders } from '@/testing/test-utils';
import { SignInEmailSection } from '../components/sign-in-email-section';

function renderSection(routes: MockRoutes = {}) {
  const api = mockApi({
    'GET /api/user/settings': jsonReply(200, buildProfileSettings()),
    'POST /api/user/email': (request) =>
      jsonReply(202, {
        message: SETTINGS_MESSAGES.emailChangeSent((request.body as { newEmail: string }).newEmail),
      }),
    ...routes,
  });
  return { api, ...renderWithProviders(<SignInEmailSection />) };
}

describe('Sign-in e-mail section', () => {
  it('sends a confirmation link to the new address and says nothing changes until it is followed', async () => {
    const { api, user } = renderSection();
    expect(screen.getByRole('heading', { name: 'Sign-in e-mail' })).toBeInTheDocument();
    expect(await screen.findByText('casey@example.com')).toBeInTheDocument();

    await user.type(screen.getByLabelText('New email'), 'casey@new.example');
    await user.type(screen.getByLabelText('Current password'), 'correct-horse-9');
    await user.click(screen.getByRole('button', { name: 'Send confirmation link' }));

    const sent = SETTINGS_MESSAGES.emailChangeSent('casey@new.example');
    expect(await findToast('Check your inbox')).toHaveTextContent(sent);
    const section = screen.getByRole('region', { name: 'Sign-in e-mail' });
    expect(within(section).getByRole('status')).toHaveTextContent(sent);
    expect(api.requestsTo('POST', '/api/user/email')[0]?.body).toEqual({
      newEmail: 'casey@new.example',
      currentPassword: 'correct-horse-9',
    });
    // The current address is still the one shown, and the form is empty again.
    expect(screen.getByText('casey@example.com')).toBeInTheDocument();
    expect(screen.getByLabelText('New email')).toHaveValue('');
    expect(screen.getByLabelText('Current password')).toHaveValue('');
  });

  it("checks the address with registration's message, and the password, before sending", async () => {
    const { api, user } = renderSection();
    await user.type(screen.getByLabelText('New email'), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Send confirmation link' }));
    expect(await screen.findByText('Valid email is required')).toBeInTheDocument();
    expect(screen.getByText('Current password is required')).toBeInTheDocument();
    expect(api.requestsTo('POST', '/api/user/email')).toHaveLength(0);
  });

  it('shows a wrong password under its field', async () => {
    const { user } = renderSection({
      'POST /api/user/email': jsonReply(400, {
        message: 'Current password is incorrect',
        errors: { currentPassword: 'Current password is incorrect' },
      }),
    });
    await user.type(screen.getByLabelText('New email'), 'casey@new.example');
    await user.type(screen.getByLabelText('Current password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Send confirmation link' }));

    expect(await findToast('Failed to change your e-mail')).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toHaveAccessibleDescription(
      'Current password is incorrect',
    );
    const section = screen.getByRole('region', { name: 'Sign-in e-mail' });
    expect(within(section).queryByRole('status')).not.toBeInTheDocument();
  });
});

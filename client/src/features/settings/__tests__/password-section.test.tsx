import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@shared/schema/account';
import { buildUser } from '@/testing/fixtures';
import { jsonReply, mockApi, pending, type MockRoutes } from '@/testing/mock-api';
import { findToast, renderWithProviders } from '@/testing/test-utils';
import { PasswordSection } from '../components/password-section';

function renderSection(routes: MockRoutes = {}) {
  const api = mockApi({ 'GET /api/user': jsonReply(200, buildUser()), ...routes });
  const rendered = renderWithProviders(<PasswordSection />);
  return { api, ...rendered };
}

describe('Password section', () => {
  it('changes the password and says the other sessions were signed out', async () => {
    const { api, user } = renderSection({
      'PUT /api/user/password': jsonReply(200, { message: ACCOUNT_MESSAGES.passwordChanged }),
    });
    expect(screen.getByRole('heading', { name: 'Password' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Current password'), 'old-password');
    await user.type(screen.getByLabelText('New password'), 'new-password-1');
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    expect(await findToast('Password changed')).toHaveTextContent(ACCOUNT_MESSAGES.passwordChanged);
    expect(api.requestsTo('PUT', '/api/user/password')[0]?.body).toEqual({
      currentPassword: 'old-password',
      newPassword: 'new-password-1',
    });
    // Emptied for the next time.
    expect(screen.getByLabelText('Current password')).toHaveValue('');
    expect(screen.getByLabelText('New password')).toHaveValue('');
  });

  it('checks both fields before sending', async () => {
    const { api, user } = renderSection();
    await user.type(screen.getByLabelText('New password'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.currentPasswordRequired)).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(api.requestsTo('PUT', '/api/user/password')).toHaveLength(0);
  });

  it('shows a wrong current password under its field', async () => {
    const { user } = renderSection({
      'PUT /api/user/password': jsonReply(400, {
        message: ACCOUNT_MESSAGES.wrongCurrentPassword,
        errors: { currentPassword: ACCOUNT_MESSAGES.wrongCurrentPassword },
      }),
    });
    await user.type(screen.getByLabelText('Current password'), 'not-it-at-all');
    await user.type(screen.getByLabelText('New password'), 'new-password-1');
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    expect(await findToast('Failed to change your password')).toBeInTheDocument();
    const current = screen.getByLabelText('Current password');
    expect(current).toHaveAttribute('aria-invalid', 'true');
    expect(current).toHaveAccessibleDescription(ACCOUNT_MESSAGES.wrongCurrentPassword);
  });

  it("reads 'Changing...' while the change is on its way", async () => {
    const { user } = renderSection({ 'PUT /api/user/password': () => pending() });
    await user.type(screen.getByLabelText('Current password'), 'old-password');
    await user.type(screen.getByLabelText('New password'), 'new-password-1');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('button', { name: 'Changing...' })).toBeDisabled();
  });
});

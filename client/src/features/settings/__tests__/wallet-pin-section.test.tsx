import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TWO_FACTOR_MESSAGES } from '@shared/schema/two-factor';
import { WALLET_PIN_MESSAGES, type WalletPinStatus } from '@shared/schema/wallet-pin';
import { StepUpPrompt } from '@/components/step-up/step-up-prompt';
import { buildUser } from '@/testing/fixtures';
import { jsonReply, mockApi } from '@/testing/mock-api';
import { findToast, renderWithProviders } from '@/testing/test-utils';
import { WalletPinSection } from '../components/wallet-pin-section';

/**
 * The server's wallet PIN for a consumer, changed by the calls as the real one would be; setting
 * or removing it is refused until confirm-identity took the password (when `stale`).
 */
function mockWalletPinApi(initial: WalletPinStatus, { stale = false } = {}) {
  let status = initial;
  let proven = !stale;
  const stepUp = jsonReply(403, {
    message: TWO_FACTOR_MESSAGES.stepUpRequired,
    code: 'STEP_UP_REQUIRED',
  });
  return mockApi({
    'GET /api/user': jsonReply(200, buildUser({ id: 1, type: 'consumer' })),
    'GET /api/user/wallet-pin': () => jsonReply(200, status),
    'GET /api/user/two-factor': jsonReply(200, { enabled: false, recoveryCodesLeft: 0 }),
    'POST /api/user/confirm-identity': ({ body }) => {
      proven = (body as { password?: string }).password === 'secret123';
      return proven
        ? jsonReply(200, { confirmedUntil: new Date(Date.now() + 900_000).toISOString() })
        : jsonReply(400, { message: 'Password is incorrect' });
    },
    'PUT /api/user/wallet-pin': () => {
      if (!proven) return stepUp;
      status = { set: true, locked: false };
      return jsonReply(200, status);
    },
    'DELETE /api/user/wallet-pin': () => {
      if (!proven) return stepUp;
      status = { set: false, locked: false };
      return jsonReply(200, status);
    },
  });
}

function renderSection() {
  const rendered = renderWithProviders(
    <>
      <WalletPinSection />
      <StepUpPrompt />
    </>,
  );
  return rendered;
}

describe('Wallet PIN section', () => {
  it('is not shown to a business', async () => {
    const api = mockApi({
      'GET /api/user': jsonReply(200, buildUser({ id: 2, type: 'business', brands: [] })),
    });
    renderSection();
    await waitFor(() => expect(api.requests.map((request) => request.path)).toContain('/api/user'));
    expect(screen.queryByRole('region', { name: 'Wallet PIN' })).not.toBeInTheDocument();
    expect(api.requests.some((request) => request.path === '/api/user/wallet-pin')).toBe(false);
  });

  it('checks the PIN typed twice, refuses an easy one, and sets it after confirming who you are', async () => {
    const api = mockWalletPinApi({ set: false, locked: false }, { stale: true });
    const { user } = renderSection();
    const section = await screen.findByRole('region', { name: 'Wallet PIN' });
    expect(await within(section).findByText('Off')).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Set a wallet PIN' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set a wallet PIN' });
    const newPin = within(dialog).getByLabelText('New PIN');
    expect(newPin).toHaveAttribute('inputmode', 'numeric');
    await user.type(newPin, '123456');
    await user.type(within(dialog).getByLabelText('Confirm new PIN'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Save PIN' }));
    expect(await within(dialog).findByText(WALLET_PIN_MESSAGES.guessable)).toBeInTheDocument();

    await user.clear(newPin);
    await user.type(newPin, '482913');
    await user.clear(within(dialog).getByLabelText('Confirm new PIN'));
    await user.type(within(dialog).getByLabelText('Confirm new PIN'), '482914');
    await user.click(within(dialog).getByRole('button', { name: 'Save PIN' }));
    expect(await within(dialog).findByText(WALLET_PIN_MESSAGES.mismatch)).toBeInTheDocument();
    expect(api.requests.some((request) => request.method === 'PUT')).toBe(false);

    await user.clear(within(dialog).getByLabelText('Confirm new PIN'));
    await user.type(within(dialog).getByLabelText('Confirm new PIN'), '482913');
    await user.click(within(dialog).getByRole('button', { name: 'Save PIN' }));

    // The proof is old: 'Confirm it's you' asks for the password, then the PIN is saved.
    const confirm = await screen.findByRole('dialog', { name: "Confirm it's you" });
    await user.type(within(confirm).getByLabelText('Password'), 'secret123');
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));

    expect(await findToast('Wallet PIN set')).toBeInTheDocument();
    expect(await within(section).findByText('On')).toBeInTheDocument();
    expect(
      api.requests.filter((request) => request.method === 'PUT').map((request) => request.body),
    ).toEqual([{ pin: '482913' }, { pin: '482913' }]);
  });

  it('says when the PIN is locked, and removes it after asking', async () => {
    mockWalletPinApi({ set: true, locked: true });
    const { user } = renderSection();
    const section = await screen.findByRole('region', { name: 'Wallet PIN' });
    expect(await within(section).findByText('Locked')).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Remove PIN' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove your wallet PIN?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove PIN' }));
    expect(await findToast('Wallet PIN removed')).toBeInTheDocument();
    expect(await within(section).findByText('Off')).toBeInTheDocument();
  });
});

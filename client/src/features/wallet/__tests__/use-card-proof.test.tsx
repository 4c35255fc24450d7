import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type RedemptionCode } from '@shared/schema/gift-cards';
import { TWO_FACTOR_MESSAGES } from '@shared/schema/two-factor';
import { WALLET_PIN_MESSAGES, type WalletPinStatus } from '@shared/schema/wallet-pin';
import { StepUpPrompt } from '@/components/step-up/step-up-prompt';
import { jsonReply, type MockReply } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/test-utils';
import { WalletPage } from '../pages/wallet-page';
import { buildWallet, giftCard, mockConsumerApi } from './wallet-fixtures';

const card = giftCard({ id: 11, value: 25, balance: 25 });
const PIN = '482913';

const codeReply: RedemptionCode = {
  code: 'K3QF-8ZT2',
  qrCode: `data:image/svg+xml;base64,${btoa('<svg>K3QF-8ZT2</svg>')}`,
  expiresAt: new Date(Date.now() + 90_000).toISOString(),
  card: {
    id: 11,
    brand: 'starbucks',
    balance: 25,
    expires: '2027-06-02T12:00:00.000Z',
    promotional: true,
    status: 'active',
  },
};

const stepUp = jsonReply(403, {
  message: TWO_FACTOR_MESSAGES.stepUpRequired,
  code: 'STEP_UP_REQUIRED',
});

type Setup = {
  pin?: WalletPinStatus;
  twoFactor?: boolean;
  /** What a wrong PIN is answered (by default: a 400 with the tries left). */
  wrongPin?: () => MockReply<'POST /api/user/confirm-identity'>;
};

/**
 * The consumer's wallet with one card whose code is refused until confirm-identity accepts the
 * PIN 482913 or the password 'secret123', with the app's global step-up prompt mounted too.
 */
async function openUseCard({
  pin = { set: true, locked: false },
  twoFactor = false,
  wrongPin,
}: Setup = {}) {
  let confirmed = false;
  const api = mockConsumerApi(
    {
      'GET /api/wallet': jsonReply(200, buildWallet({ balance: 25 })),
      'GET /api/user/wallet-pin': jsonReply(200, pin),
      'GET /api/user/two-factor': jsonReply(200, { enabled: twoFactor, recoveryCodesLeft: 0 }),
      'POST /api/gift-cards/:id/redemption-code': () =>
        confirmed ? jsonReply(201, codeReply) : stepUp,
      'POST /api/user/confirm-identity': ({ body: proof }) => {
        if (proof.pin === PIN || proof.password === 'secret123') {
          confirmed = true;
          return jsonReply(200, { confirmedUntil: new Date(Date.now() + 900_000).toISOString() });
        }
        if (proof.pin !== undefined) {
          const message = WALLET_PIN_MESSAGES.wrongPin(4);
          return wrongPin?.() ?? jsonReply(400, { message, errors: { pin: message } });
        }
        return jsonReply(400, {
          message: TWO_FACTOR_MESSAGES.wrongPassword,
          errors: { password: TWO_FACTOR_MESSAGES.wrongPassword },
        });
      },
    },
    { cards: [card] },
  );
  const rendered = renderWithProviders(
    <>
      <WalletPage />
      <StepUpPrompt />
    </>,
  );
  const list = await screen.findByRole('list', { name: 'Your gift cards' });
  await rendered.user.click(within(list).getByRole('button', { name: 'Use Card' }));
  const dialog = await screen.findByRole('dialog', { name: 'Use Starbucks gift card' });
  const confirmations = () =>
    api.requests.filter((request) => request.path === '/api/user/confirm-identity');
  return { ...rendered, api, dialog, confirmations };
}

const expectNoGenericPrompt = () =>
  expect(screen.queryByRole('dialog', { name: "Confirm it's you" })).not.toBeInTheDocument();

describe("Use Card's own proof step", () => {
  it('asks for the wallet PIN in the dialog, says when it is wrong, and shows the code once it is right', async () => {
    const { user, dialog, confirmations } = await openUseCard();

    expect(
      await within(dialog).findByRole('heading', { name: 'Enter your wallet PIN' }),
    ).toBeInTheDocument();
    expectNoGenericPrompt();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    const field = within(dialog).getByLabelText('Wallet PIN');
    expect(field).toHaveAttribute('inputmode', 'numeric');
    expect(field).toHaveAttribute('autocomplete', 'off');
    expect(field).toHaveAttribute('maxlength', '6');
    expect(within(dialog).queryByRole('img')).not.toBeInTheDocument();

    await user.type(field, '000001');
    await user.click(within(dialog).getByRole('button', { name: 'Show code' }));
    expect(await within(dialog).findByText('Wrong PIN. 4 tries left.')).toBeInTheDocument();
    expect(within(dialog).queryByText('K3QF-8ZT2')).not.toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText('Wallet PIN'));
    await user.type(within(dialog).getByLabelText('Wallet PIN'), PIN);
    await user.click(within(dialog).getByRole('button', { name: 'Show code' }));
    expect(
      await within(dialog).findByRole('img', { name: 'QR code for the cashier: K3QF-8ZT2' }),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('K3QF-8ZT2')).toBeInTheDocument();
    expect(confirmations().map((request) => request.body)).toEqual([
      { pin: '000001' },
      { pin: PIN },
    ]);
    expectNoGenericPrompt();
  });

  it('checks the PIN has 6 digits before sending it', async () => {
    const { user, dialog, confirmations } = await openUseCard();
    await user.type(await within(dialog).findByLabelText('Wallet PIN'), '4829');
    await user.click(within(dialog).getByRole('button', { name: 'Show code' }));
    expect(await within(dialog).findByText(WALLET_PIN_MESSAGES.format)).toBeInTheDocument();
    expect(confirmations()).toEqual([]);
  });

  it('takes the password instead when asked to', async () => {
    const { user, dialog, confirmations } = await openUseCard();
    await user.click(
      await within(dialog).findByRole('button', { name: 'Use your password instead' }),
    );
    expect(within(dialog).getByRole('heading', { name: 'Enter your password' })).toBeVisible();
    expect(within(dialog).queryByLabelText('Wallet PIN')).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Password'), 'secret123');
    await user.click(within(dialog).getByRole('button', { name: 'Show code' }));
    expect(await within(dialog).findByText('K3QF-8ZT2')).toBeInTheDocument();
    expect(confirmations().map((request) => request.body)).toEqual([{ password: 'secret123' }]);
  });

  it('asks for the password when no PIN is set, and offers a code when two-factor is on', async () => {
    const { user, dialog } = await openUseCard({
      pin: { set: false, locked: false },
      twoFactor: true,
    });
    expect(
      await within(dialog).findByRole('heading', { name: 'Enter your password' }),
    ).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Wallet PIN')).not.toBeInTheDocument();
    expect(
      within(dialog).queryByRole('button', { name: 'Use your wallet PIN instead' }),
    ).not.toBeInTheDocument();
    await user.click(
      within(dialog).getByRole('button', { name: 'Use an authentication code instead' }),
    );
    expect(within(dialog).getByLabelText('Authentication code')).toBeInTheDocument();
  });

  it('moves to the password, saying why, when wrong tries have locked the PIN', async () => {
    const { user, dialog, api } = await openUseCard({
      wrongPin: () =>
        jsonReply(403, {
          message: WALLET_PIN_MESSAGES.locked,
          errors: { pin: WALLET_PIN_MESSAGES.locked },
          code: 'WALLET_PIN_LOCKED',
        }),
    });
    await user.type(await within(dialog).findByLabelText('Wallet PIN'), '000001');
    await user.click(within(dialog).getByRole('button', { name: 'Show code' }));

    expect(
      await within(dialog).findByRole('heading', { name: 'Enter your password' }),
    ).toBeInTheDocument();
    expect(within(dialog).getByText(WALLET_PIN_MESSAGES.locked)).toBeInTheDocument();
    // What Settings shows is asked again: the PIN is locked now.
    await waitFor(() =>
      expect(
        api.requests.filter((request) => request.path === '/api/user/wallet-pin'),
      ).toHaveLength(2),
    );
    await user.type(within(dialog).getByLabelText('Password'), 'secret123');
    await user.click(within(dialog).getByRole('button', { name: 'Show code' }));
    expect(await within(dialog).findByText('K3QF-8ZT2')).toBeInTheDocument();
  });

  it('starts with the password when the PIN is locked already', async () => {
    const { dialog } = await openUseCard({ pin: { set: true, locked: true } });
    expect(
      await within(dialog).findByRole('heading', { name: 'Enter your password' }),
    ).toBeInTheDocument();
    expect(within(dialog).getByText(WALLET_PIN_MESSAGES.locked)).toBeInTheDocument();
    expect(
      within(dialog).queryByRole('button', { name: 'Use your wallet PIN instead' }),
    ).not.toBeInTheDocument();
  });
});

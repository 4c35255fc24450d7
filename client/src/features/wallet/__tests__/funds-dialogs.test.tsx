import { screen, waitFor, within } from '@testing-library/react';
import { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type CardToken, type PayoutAccount, type SavedCard } from '@shared/schema/payments';
import { jsonReply, type MockRoutes } from '@/testing/mock-api';
import { findToast, renderWithProviders } from '@/testing/test-utils';
import { WalletPage } from '../pages/wallet-page';
import { buildWallet, mockBusinessApi, transaction } from './wallet-fixtures';

const TOKENIZE = 'POST /api/test-payments/tokens';

const savedVisa: SavedCard = {
  id: 7,
  brand: 'visa',
  last4: '4242',
  expMonth: 12,
  expYear: 2099,
  isDefault: true,
};
const savedMastercard: SavedCard = {
  id: 8,
  brand: 'mastercard',
  last4: '4444',
  expMonth: 3,
  expYear: 2098,
  isDefault: false,
};

const tokenFor = (last4: string, token = `tok_test_${last4}`): CardToken => ({
  token,
  brand: 'visa',
  last4,
  expMonth: 12,
  expYear: 2099,
});

const bankAccount: PayoutAccount = {
  holderName: 'Bean There Coffee LLC',
  accountLast4: '6789',
  routingLast4: '0000',
  updatedAt: '2025-03-04T12:00:00.000Z',
};

/** A business's wallet, in test mode, with these saved cards and this bank account. */
function mockApi(
  routes: MockRoutes = {},
  { cards = [] as SavedCard[], account = bankAccount as PayoutAccount | null } = {},
) {
  return mockBusinessApi({
    'GET /api/wallet': jsonReply(200, buildWallet()),
    'GET /api/payments/config': jsonReply(200, {
      mode: 'test',
      tokenizeUrl: '/api/test-payments/tokens',
    }),
    'GET /api/payments/cards': jsonReply(200, cards),
    'GET /api/payments/payout-account': jsonReply(200, account),
    ...routes,
  });
}

async function openDialog(name: 'Add Funds' | 'Withdraw') {
  const rendered = renderWithProviders(<WalletPage />);
  await rendered.user.click(await screen.findByRole('button', { name }));
  const dialog = await screen.findByRole('dialog', { name });
  return { ...rendered, dialog };
}

/** Types a new card into the card fields: the number given, a future expiry, a CVC. */
async function typeNewCard(dialog: HTMLElement, user: UserEvent, number: string) {
  await user.type(await within(dialog).findByLabelText('Card number'), number);
  await user.type(within(dialog).getByLabelText('Expiry (MM/YY)'), '12/30');
  await user.type(within(dialog).getByLabelText('CVC'), '123');
}

describe('Add Funds', () => {
  it('with no saved card asks for a new one and says test mode, with the card that works', async () => {
    mockApi();
    const { dialog } = await openDialog('Add Funds');

    expect(await within(dialog).findByLabelText('Card number')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Expiry (MM/YY)')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('CVC')).toBeInTheDocument();
    expect(within(dialog).queryByRole('radiogroup')).not.toBeInTheDocument();
    expect(await within(dialog).findByText('Test mode')).toBeInTheDocument();
    expect(within(dialog).getByText('4242 4242 4242 4242')).toBeInTheDocument();
    const amount = within(dialog).getByLabelText('Amount ($)');
    expect(amount).toHaveAttribute('type', 'number');
    expect(amount).toHaveAttribute('step', '0.01');
  });

  it('pays with a new card: only the token reaches Add Funds, never the number', async () => {
    const api = mockApi({
      [TOKENIZE]: jsonReply(201, tokenFor('4242')),
      'POST /api/wallet/add-funds': jsonReply(201, {
        transaction: transaction({ amount: 100 }),
        balance: 1334.5,
      }),
    });
    const { dialog, user } = await openDialog('Add Funds');

    await user.type(within(dialog).getByLabelText('Amount ($)'), '100');
    await typeNewCard(dialog, user, '4242 4242 4242 4242');
    await user.click(within(dialog).getByRole('button', { name: 'Add Funds' }));

    const toast = await findToast('Funds added');
    expect(within(toast).getByText('$100.00 was added to your wallet.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Add Funds' })).not.toBeInTheDocument(),
    );
    expect(api.requestsTo('POST', '/api/test-payments/tokens')[0]?.body).toEqual({
      number: '4242424242424242',
      expiry: '12/30',
      cvc: '123',
    });
    expect(api.requestsTo('POST', '/api/wallet/add-funds')[0]?.body).toEqual({
      amount: 100,
      paymentToken: 'tok_test_4242',
    });
  });

  it('preselects the default saved card and pays with it, without tokenising anything', async () => {
    const api = mockApi(
      {
        'POST /api/wallet/add-funds': jsonReply(201, {
          transaction: transaction({ amount: 20 }),
          balance: 1254.5,
        }),
      },
      { cards: [savedVisa, savedMastercard] },
    );
    const { dialog, user } = await openDialog('Add Funds');

    const group = await within(dialog).findByRole('radiogroup', { name: 'Pay with' });
    expect(within(group).getByRole('radio', { name: /Visa ending 4242/ })).toBeChecked();
    expect(within(group).getByRole('radio', { name: /Mastercard ending 4444/ })).not.toBeChecked();
    // A saved card needs no card fields; test mode is still said.
    expect(within(dialog).queryByLabelText('Card number')).not.toBeInTheDocument();
    expect(await within(dialog).findByText('No real card is charged.')).toBeInTheDocument();

    await user.click(within(group).getByRole('radio', { name: /Mastercard ending 4444/ }));
    await user.type(within(dialog).getByLabelText('Amount ($)'), '20');
    await user.click(within(dialog).getByRole('button', { name: 'Add Funds' }));

    await findToast('Funds added');
    expect(api.requestsTo('POST', '/api/wallet/add-funds')[0]?.body).toEqual({
      amount: 20,
      paymentMethodId: 8,
    });
    expect(api.requestsTo('POST', '/api/test-payments/tokens')).toHaveLength(0);
  });

  it('can pay with a new card although cards are saved', async () => {
    const api = mockApi(
      {
        [TOKENIZE]: jsonReply(201, tokenFor('4444', 'tok_new')),
        'POST /api/wallet/add-funds': jsonReply(201, {
          transaction: transaction({ amount: 5 }),
          balance: 1239.5,
        }),
      },
      { cards: [savedVisa] },
    );
    const { dialog, user } = await openDialog('Add Funds');

    await user.click(await within(dialog).findByRole('radio', { name: 'A new card' }));
    await user.type(within(dialog).getByLabelText('Amount ($)'), '5');
    await typeNewCard(dialog, user, '5555 5555 5555 4444');
    await user.click(within(dialog).getByRole('button', { name: 'Add Funds' }));

    await findToast('Funds added');
    expect(api.requestsTo('POST', '/api/wallet/add-funds')[0]?.body).toEqual({
      amount: 5,
      paymentToken: 'tok_new',
    });
  });

  it('a declined card shows the server message in the dialog and as a destructive toast', async () => {
    const api = mockApi({
      [TOKENIZE]: jsonReply(201, tokenFor('0002')),
      'POST /api/wallet/add-funds': jsonReply(402, { message: 'Your card was declined' }),
    });
    const { dialog, user } = await openDialog('Add Funds');

    await user.type(within(dialog).getByLabelText('Amount ($)'), '100');
    await typeNewCard(dialog, user, '4000 0000 0000 0002');
    await user.click(within(dialog).getByRole('button', { name: 'Add Funds' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Your card was declined');
    const toast = await findToast('Payment failed');
    expect(within(toast).getByText('Your card was declined')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Add Funds' })).toBeInTheDocument();
    expect(api.requestsTo('POST', '/api/wallet/add-funds')[0]?.body).toEqual({
      amount: 100,
      paymentToken: 'tok_test_0002',
    });
  });

  it('puts the provider’s word on the card number beside it, and charges nothing', async () => {
    const api = mockApi({
      [TOKENIZE]: jsonReply(400, {
        message: 'Test mode: use the test card 4242 4242 4242 4242',
        errors: { number: 'Test mode: use the test card 4242 4242 4242 4242' },
      }),
    });
    const { dialog, user } = await openDialog('Add Funds');

    await user.type(within(dialog).getByLabelText('Amount ($)'), '10');
    await typeNewCard(dialog, user, '4111 1111 1111 1111');
    await user.click(within(dialog).getByRole('button', { name: 'Add Funds' }));

    await waitFor(() =>
      expect(within(dialog).getByLabelText('Card number')).toHaveAccessibleDescription(
        'Test mode: use the test card 4242 4242 4242 4242',
      ),
    );
    expect(api.requestsTo('POST', '/api/wallet/add-funds')).toHaveLength(0);
  });

  it('adds funds with an idempotency key, reused when the same submission is retried', async () => {
    let attempts = 0;
    let balance = 1234.5;
    let tokens = 0;
    const api = mockApi({
      // Each submit tokenises the card again: a new token each time.
      [TOKENIZE]: () => jsonReply(201, { ...tokenFor('4242'), token: `tok_test_${++tokens}` }),
      'GET /api/wallet': () => jsonReply(200, buildWallet({ balance })),
      'POST /api/wallet/add-funds': () => {
        attempts += 1;
        if (attempts === 1) return jsonReply(503, { message: 'Payment provider unavailable' });
        balance += 25.5;
        return jsonReply(201, { transaction: transaction({ amount: 25.5 }), balance });
      },
    });
    const { dialog, user } = await openDialog('Add Funds');

    await user.type(within(dialog).getByLabelText('Amount ($)'), '25.50');
    await typeNewCard(dialog, user, '4242 4242 4242 4242');
    await user.click(within(dialog).getByRole('button', { name: 'Add Funds' }));
    await findToast('Payment failed');
    await user.click(within(dialog).getByRole('button', { name: 'Add Funds' }));

    await findToast('Funds added');
    expect(await screen.findByText('$1,260.00')).toBeInTheDocument();
    const payments = api.requestsTo('POST', '/api/wallet/add-funds');
    const keys = payments.map((request) => request.headers.get('Idempotency-Key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    // The retry is the same request: the first try's card token, not the one made since (the
    // server refuses a key sent again with another body).
    const bodies = payments.map((request) => request.body);
    expect(tokens).toBe(2);
    expect(bodies).toEqual([
      { amount: 25.5, paymentToken: 'tok_test_1' },
      { amount: 25.5, paymentToken: 'tok_test_1' },
    ]);
  });

  it('checks the amount and the card with the shared schemas before sending anything', async () => {
    const api = mockApi();
    const { dialog, user } = await openDialog('Add Funds');

    await user.type(within(dialog).getByLabelText('Amount ($)'), '0.5');
    await user.type(await within(dialog).findByLabelText('Card number'), '1234');
    await user.click(within(dialog).getByRole('button', { name: 'Add Funds' }));

    // Validation resolves after the click: wait for the messages beside their fields.
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Amount ($)')).toHaveAccessibleDescription(
        'Amount must be between $1 and $10,000',
      ),
    );
    expect(within(dialog).getByLabelText('Card number')).toHaveAccessibleDescription(
      'Your card number is invalid',
    );
    expect(api.requestsTo('POST', '/api/test-payments/tokens')).toHaveLength(0);
    expect(api.requestsTo('POST', '/api/wallet/add-funds')).toHaveLength(0);
  });
});

describe('Withdraw', () => {
  it('names the bank account the money goes to', async () => {
    const api = mockApi({
      'POST /api/wallet/withdraw': jsonReply(201, {
        transaction: transaction({ kind: 'withdraw', type: 'sent', amount: 50 }),
        balance: 1184.5,
      }),
    });
    const { dialog, user } = await openDialog('Withdraw');

    expect(await within(dialog).findByText(/To account ending/)).toHaveTextContent(
      'To account ending 6789 (Bean There Coffee LLC)',
    );
    await user.type(within(dialog).getByLabelText('Amount ($)'), '50');
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    await findToast('Withdrawal complete');
    expect(api.requestsTo('POST', '/api/wallet/withdraw')[0]?.body).toEqual({ amount: 50 });
  });

  it('without a bank account says to add one in Payment Settings, and sends nothing', async () => {
    const api = mockApi({}, { account: null });
    const { dialog } = await openDialog('Withdraw');

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Add a bank account in Payment Settings before withdrawing.',
    );
    expect(within(dialog).getByRole('link', { name: 'Open Payment Settings' })).toHaveAttribute(
      'href',
      '/wallet/payment-settings',
    );
    expect(within(dialog).getByRole('button', { name: 'Withdraw' })).toBeDisabled();
    expect(api.requestsTo('POST', '/api/wallet/withdraw')).toHaveLength(0);
  });

  it('shows "Insufficient funds" from a 409 with an idempotency key sent', async () => {
    const api = mockApi({
      'POST /api/wallet/withdraw': jsonReply(409, { message: 'Insufficient funds' }),
    });
    const { dialog, user } = await openDialog('Withdraw');

    expect(await within(dialog).findByText('Test mode')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Amount ($)'), '5000');
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Insufficient funds');
    const toast = await findToast('Withdrawal failed');
    expect(within(toast).getByText('Insufficient funds')).toBeInTheDocument();
    expect(api.requestsTo('POST', '/api/wallet/withdraw')[0]?.body).toEqual({ amount: 5000 });
    const [withdrawal] = api.requestsTo('POST', '/api/wallet/withdraw');
    expect(withdrawal?.headers.get('Idempotency-Key')).toBeTruthy();
  });

  it('says to turn on two-factor, with a link to Settings, when the server asks for it', async () => {
    mockApi({
      'POST /api/wallet/withdraw': jsonReply(403, {
        message: 'Turn on two-factor authentication in Settings before withdrawing.',
        code: 'TWO_FACTOR_REQUIRED',
      }),
    });
    const { dialog, user } = await openDialog('Withdraw');
    await user.type(within(dialog).getByLabelText('Amount ($)'), '50');
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Turn on two-factor authentication in Settings before withdrawing.',
    );
    expect(within(dialog).getByRole('link', { name: 'Go to Settings' })).toHaveAttribute(
      'href',
      '/settings#two-factor',
    );
  });
});

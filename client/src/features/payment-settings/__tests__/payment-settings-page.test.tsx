import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type PayoutAccount, type SavedCard } from '@shared/schema/payments';
import { TWO_FACTOR_MESSAGES } from '@shared/schema/two-factor';
import { buildUser } from '@/testing/fixtures';
import { jsonReply, mockApi, pending, type MockRoutes } from '@/testing/mock-api';
import { findToast, renderWithProviders } from '@/testing/test-utils';
import { PaymentSettingsPage } from '../pages/payment-settings-page';

const visa: SavedCard = {
  id: 7,
  brand: 'visa',
  last4: '4242',
  expMonth: 12,
  expYear: 2099,
  isDefault: true,
};
const mastercard: SavedCard = {
  id: 8,
  brand: 'mastercard',
  last4: '4444',
  expMonth: 3,
  expYear: 2098,
  isDefault: false,
};
const expiredAmex: SavedCard = {
  id: 9,
  brand: 'amex',
  last4: '0005',
  expMonth: 1,
  expYear: 2020,
  isDefault: false,
};

const bankAccount: PayoutAccount = {
  holderName: 'Bean There Coffee LLC',
  accountLast4: '6789',
  routingLast4: '0000',
  updatedAt: '2025-03-04T12:00:00.000Z',
};

const consumer = buildUser({ id: 1, type: 'consumer' });
const business = buildUser({ id: 2, type: 'business', name: 'Bean There Coffee', brands: [] });

/** The API of a signed-in user in test mode; the saved cards answer whatever `cards` holds. */
function mockPaymentApi(
  user: typeof consumer,
  routes: MockRoutes = {},
  { cards = [] as SavedCard[] } = {},
) {
  let saved = [...cards];
  const api = mockApi({
    'GET /api/user': jsonReply(200, user),
    'GET /api/payments/config': jsonReply(200, {
      mode: 'test',
      tokenizeUrl: '/api/test-payments/tokens',
    }),
    'GET /api/payments/cards': () => jsonReply(200, saved),
    ...routes,
  });
  return { ...api, setCards: (next: SavedCard[]) => (saved = next) };
}

const savedCardsList = () => screen.findByRole('list', { name: 'Saved cards' });

describe('Payment Settings: saved cards', () => {
  it('shows skeletons while loading, then says there are no saved cards yet', async () => {
    let answer: () => void = () => {};
    mockPaymentApi(consumer, {
      'GET /api/payments/cards': () =>
        new Promise((resolve) => {
          answer = () => resolve(jsonReply(200, []));
        }),
    });
    renderWithProviders(<PaymentSettingsPage />);

    expect(screen.getByRole('heading', { level: 1, name: 'Payment Settings' })).toBeInTheDocument();
    expect(await screen.findByRole('status', { name: 'Loading saved cards' })).toBeInTheDocument();
    answer();
    expect(await screen.findByText(/No saved cards yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Wallet' })).toHaveAttribute('href', '/wallet');
    // A consumer has no payout account.
    expect(screen.queryByRole('heading', { name: 'Payout bank account' })).not.toBeInTheDocument();
  });

  it('lists each card by brand, last four and expiry, with the default and an expired card marked', async () => {
    mockPaymentApi(consumer, {}, { cards: [visa, mastercard, expiredAmex] });
    renderWithProviders(<PaymentSettingsPage />);

    const items = within(await savedCardsList()).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('Visa •••• ending 4242');
    expect(items[0]).toHaveTextContent('Default');
    expect(items[0]).toHaveTextContent('Expires 12/99');
    expect(within(items[0]!).queryByRole('button', { name: /Make default/ })).toBeNull();
    expect(items[1]).toHaveTextContent('Mastercard •••• ending 4444');
    expect(items[1]).not.toHaveTextContent('Default');
    expect(items[1]).toHaveTextContent('Expires 03/98');
    expect(items[2]).toHaveTextContent('American Express •••• ending 0005');
    expect(items[2]).toHaveTextContent('Expired');
  });

  it('adds a card: the details go to the provider, only the token to Payment Settings', async () => {
    const api = mockPaymentApi(
      consumer,
      {
        'POST /api/test-payments/tokens': jsonReply(201, {
          token: 'tok_test_new',
          brand: 'mastercard',
          last4: '4444',
          expMonth: 12,
          expYear: 2030,
        }),
        'POST /api/payments/cards': () => {
          const card = { ...mastercard, id: 10, expYear: 2030, isDefault: true };
          api.setCards([card, { ...visa, isDefault: false }]);
          return jsonReply(201, card);
        },
      },
      { cards: [visa] },
    );
    const { user } = renderWithProviders(<PaymentSettingsPage />);
    await savedCardsList();

    await user.click(screen.getByRole('button', { name: 'Add card' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a card' });
    await user.type(within(dialog).getByLabelText('Card number'), '5555 5555 5555 4444');
    await user.type(within(dialog).getByLabelText('Expiry (MM/YY)'), '12/30');
    await user.type(within(dialog).getByLabelText('CVC'), '123');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Make this my default card' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save card' }));

    const toast = await findToast('Card saved');
    expect(
      within(toast).getByText('Mastercard ending 4444 is saved as your default card.'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Add a card' })).not.toBeInTheDocument(),
    );
    expect(api.requestsTo('POST', '/api/payments/cards')[0]?.body).toEqual({
      paymentToken: 'tok_test_new',
      makeDefault: true,
    });
    expect(JSON.stringify(api.requestsTo('POST', '/api/payments/cards'))).not.toContain('5555');
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Saved cards' })).getAllByRole('listitem'),
      ).toHaveLength(2),
    );
  });

  it('keeps the dialog open with the reason when the card cannot be saved', async () => {
    mockPaymentApi(consumer, {
      'POST /api/test-payments/tokens': jsonReply(201, {
        token: 'tok_test_new',
        brand: 'visa',
        last4: '4242',
        expMonth: 12,
        expYear: 2030,
      }),
      'POST /api/payments/cards': jsonReply(409, {
        message: 'You can save up to 10 cards. Remove one to add another.',
      }),
    });
    const { user } = renderWithProviders(<PaymentSettingsPage />);
    await screen.findByText(/No saved cards yet/);

    await user.click(screen.getByRole('button', { name: 'Add card' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a card' });
    // The first card is the default anyway: no choice to make.
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Card number'), '4242 4242 4242 4242');
    await user.type(within(dialog).getByLabelText('Expiry (MM/YY)'), '12/30');
    await user.type(within(dialog).getByLabelText('CVC'), '123');
    await user.click(within(dialog).getByRole('button', { name: 'Save card' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'You can save up to 10 cards. Remove one to add another.',
    );
    await findToast('Card not saved');
  });

  it('removes a card after asking', async () => {
    const api = mockPaymentApi(
      consumer,
      {
        'DELETE /api/payments/cards/:id': () => {
          api.setCards([visa]);
          return { status: 204 };
        },
      },
      { cards: [visa, mastercard] },
    );
    const { user } = renderWithProviders(<PaymentSettingsPage />);
    await savedCardsList();

    await user.click(screen.getByRole('button', { name: 'Remove Mastercard ending 4444' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove this card?' });
    expect(confirm).toHaveTextContent(
      'Mastercard ending 4444 will no longer be offered when you pay.',
    );
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));

    const toast = await findToast('Card removed');
    expect(within(toast).getByText('Mastercard ending 4444 was removed.')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Saved cards' })).getAllByRole('listitem'),
      ).toHaveLength(1),
    );
    expect(api.requestsTo('DELETE', '/api/payments/cards/8')).toHaveLength(1);
  });

  it('makes another card the default', async () => {
    const api = mockPaymentApi(
      consumer,
      {
        'POST /api/payments/cards/:id/default': () => {
          api.setCards([
            { ...mastercard, isDefault: true },
            { ...visa, isDefault: false },
          ]);
          return jsonReply(200, { ...mastercard, isDefault: true });
        },
      },
      { cards: [visa, mastercard] },
    );
    const { user } = renderWithProviders(<PaymentSettingsPage />);
    await savedCardsList();

    await user.click(screen.getByRole('button', { name: 'Make default: Mastercard ending 4444' }));
    await findToast('Default card changed');
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Saved cards' })).getAllByRole('listitem')[0],
      ).toHaveTextContent('Mastercard •••• ending 4444Default'),
    );
  });

  it('says so when the cards fail to load, and tries again', async () => {
    let calls = 0;
    mockPaymentApi(consumer, {
      'GET /api/payments/cards': () => {
        calls += 1;
        return calls === 1 ? jsonReply(500, { message: 'Boom' }) : jsonReply(200, [visa]);
      },
    });
    const { user } = renderWithProviders(<PaymentSettingsPage />);

    expect(await screen.findByText('Failed to load your saved cards.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await savedCardsList()).toHaveTextContent('Visa');
  });
});

describe('Payment Settings: the payout bank account', () => {
  function mockBusiness(
    routes: MockRoutes = {},
    { twoFactor = true, account = null as PayoutAccount | null } = {},
  ) {
    return mockPaymentApi(business, {
      'GET /api/user/two-factor': jsonReply(200, {
        enabled: twoFactor,
        recoveryCodesLeft: twoFactor ? 10 : 0,
      }),
      'GET /api/payments/payout-account': jsonReply(200, account),
      ...routes,
    });
  }

  it('shows the account on file by its last four digits', async () => {
    mockBusiness({}, { account: bankAccount });
    renderWithProviders(<PaymentSettingsPage />);

    const section = await screen.findByRole('region', { name: 'Payout bank account' });
    expect(await within(section).findByText('Bean There Coffee LLC')).toBeInTheDocument();
    expect(section).toHaveTextContent('Accountending 6789');
    expect(section).toHaveTextContent('Routing numberending 0000');
    expect(within(section).getByRole('button', { name: 'Change bank account' })).toBeEnabled();
    expect(within(section).getByRole('button', { name: 'Remove bank account' })).toBeEnabled();
  });

  it('points to Settings when two-factor is off, and offers no change', async () => {
    mockBusiness({}, { twoFactor: false });
    renderWithProviders(<PaymentSettingsPage />);

    const section = await screen.findByRole('region', { name: 'Payout bank account' });
    expect(
      await within(section).findByText(
        /Turn on two-factor authentication in Settings before changing where payouts go\./,
      ),
    ).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Go to Settings' })).toHaveAttribute(
      'href',
      '/settings#two-factor',
    );
    expect(within(section).getByText(/No bank account on file/)).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Add bank account' })).toBeNull();
  });

  it('adds an account with a code; a wrong code is said beside the code field', async () => {
    let attempts = 0;
    const api = mockBusiness({
      'PUT /api/payments/payout-account': () => {
        attempts += 1;
        return attempts === 1
          ? jsonReply(400, {
              message: TWO_FACTOR_MESSAGES.invalidCode,
              errors: { code: TWO_FACTOR_MESSAGES.invalidCode },
            })
          : jsonReply(200, bankAccount);
      },
    });
    const { user } = renderWithProviders(<PaymentSettingsPage />);

    const section = await screen.findByRole('region', { name: 'Payout bank account' });
    await user.click(await within(section).findByRole('button', { name: 'Add bank account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add bank account' });
    await user.type(within(dialog).getByLabelText('Name on the account'), 'Bean There Coffee LLC');
    await user.type(within(dialog).getByLabelText('Routing number'), '110000000');
    await user.type(within(dialog).getByLabelText('Account number'), '000123456789');
    await user.type(within(dialog).getByLabelText('Authentication code'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Save bank account' }));

    await waitFor(() =>
      expect(within(dialog).getByLabelText('Authentication code')).toHaveAccessibleDescription(
        TWO_FACTOR_MESSAGES.invalidCode,
      ),
    );
    // A code is used once: the field is empty for the next one.
    expect(within(dialog).getByLabelText('Authentication code')).toHaveValue('');
    await user.type(within(dialog).getByLabelText('Authentication code'), '654321');
    await user.click(within(dialog).getByRole('button', { name: 'Save bank account' }));

    const toast = await findToast('Bank account saved');
    expect(
      within(toast).getByText('Withdrawals now go to the account ending 6789.'),
    ).toBeInTheDocument();
    expect(await within(section).findByText('Bean There Coffee LLC')).toBeInTheDocument();
    expect(api.requestsTo('PUT', '/api/payments/payout-account')[1]?.body).toEqual({
      holderName: 'Bean There Coffee LLC',
      routingNumber: '110000000',
      accountNumber: '000123456789',
      code: '654321',
    });
  });

  it('checks the numbers with the shared schema before sending anything', async () => {
    const api = mockBusiness();
    const { user } = renderWithProviders(<PaymentSettingsPage />);

    const section = await screen.findByRole('region', { name: 'Payout bank account' });
    await user.click(await within(section).findByRole('button', { name: 'Add bank account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add bank account' });
    await user.type(within(dialog).getByLabelText('Name on the account'), 'Bean There');
    await user.type(within(dialog).getByLabelText('Routing number'), '123456789');
    await user.type(within(dialog).getByLabelText('Account number'), '12');
    await user.type(within(dialog).getByLabelText('Authentication code'), '12');
    await user.click(within(dialog).getByRole('button', { name: 'Save bank account' }));

    await waitFor(() =>
      expect(within(dialog).getByLabelText('Routing number')).toHaveAccessibleDescription(
        'Enter a valid 9-digit routing number',
      ),
    );
    expect(within(dialog).getByLabelText('Account number')).toHaveAccessibleDescription(
      'Enter an account number of 4 to 17 digits',
    );
    expect(within(dialog).getByLabelText('Authentication code')).toHaveAccessibleDescription(
      TWO_FACTOR_MESSAGES.codeFormat,
    );
    expect(api.requestsTo('PUT', '/api/payments/payout-account')).toHaveLength(0);
  });

  it('removes the account with a code', async () => {
    const api = mockBusiness(
      { 'DELETE /api/payments/payout-account': { status: 204 } },
      { account: bankAccount },
    );
    const { user } = renderWithProviders(<PaymentSettingsPage />);

    const section = await screen.findByRole('region', { name: 'Payout bank account' });
    await user.click(await within(section).findByRole('button', { name: 'Remove bank account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove bank account' });
    expect(dialog).toHaveTextContent('The account ending 6789 is removed.');
    await user.type(within(dialog).getByLabelText('Authentication code'), '123 456');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));

    await findToast('Bank account removed');
    expect(await within(section).findByText(/No bank account on file/)).toBeInTheDocument();
    expect(api.requestsTo('DELETE', '/api/payments/payout-account')[0]?.body).toEqual({
      code: '123456',
    });
  });

  it('shows a skeleton while the account loads', async () => {
    mockBusiness({ 'GET /api/payments/payout-account': pending });
    renderWithProviders(<PaymentSettingsPage />);
    expect(
      await screen.findByRole('status', { name: 'Loading your bank account' }),
    ).toBeInTheDocument();
  });
});

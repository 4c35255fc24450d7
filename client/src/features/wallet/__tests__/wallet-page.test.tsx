import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type Wallet, type WalletTransaction } from '@shared/schema/ledger';
import { jsonReply, mockApi, pending } from '@/testing/mock-api';
import { findToast, renderWithProviders } from '@/testing/test-utils';
import { WalletPage } from '../pages/wallet-page';

function transaction(overrides: Partial<WalletTransaction> = {}): WalletTransaction {
  return {
    id: 1,
    kind: 'add_funds',
    description: 'Added funds (card ending 4242)',
    type: 'received',
    date: '2025-03-04T12:00:00.000Z',
    amount: 100,
    status: 'completed',
    ...overrides,
  };
}

const recent: WalletTransaction[] = [
  transaction({
    id: 2,
    kind: 'pin_reserve',
    description: 'Reserved for Starbucks pin',
    type: 'sent',
    amount: 30,
    status: 'pending',
  }),
  transaction({ id: 1 }),
];

function buildWallet(overrides: Partial<Wallet> = {}): Wallet {
  return {
    balance: 1234.5,
    summary: { sent: 30, received: 1264.5, thisMonth: -12.25, totalTransactions: 7 },
    transactions: recent,
    ...overrides,
  };
}

/** The headers the page sent with its n-th call to `path`. */
function headersOf(api: ReturnType<typeof mockApi>, path: string): Headers {
  const call = api.fetch.mock.calls.find(([input]) => String(input).startsWith(`/api${path}`));
  return new Headers(call?.[1]?.headers);
}

async function openAddFunds() {
  const rendered = renderWithProviders(<WalletPage />);
  await rendered.user.click(await screen.findByRole('button', { name: 'Add Funds' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add Funds' });
  return { ...rendered, dialog };
}

describe('WalletPage', () => {
  it('shows the balance with two decimals and the summary computed by the server', async () => {
    mockApi({ 'GET /api/wallet': jsonReply(200, buildWallet()) });
    renderWithProviders(<WalletPage />);

    expect(screen.getByRole('heading', { level: 1, name: 'Your Wallet' })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Current Balance' })).toHaveTextContent(
      'Current Balance$1,234.50',
    );
    const summary = screen
      .getByRole('heading', { name: 'Activity Summary' })
      .closest('div')!.parentElement!;
    const valueOf = (label: string) => within(summary).getByText(label).nextElementSibling;
    expect(valueOf('Sent')).toHaveTextContent('$30.00');
    expect(valueOf('Received')).toHaveTextContent('$1,264.50');
    expect(valueOf('This Month')).toHaveTextContent('-$12.25');
    expect(valueOf('Total Gifts')).toHaveTextContent(/^7$/);
    // Manage Gift Cards and Payment Settings have no backing yet: no dead buttons.
    expect(screen.queryByRole('button', { name: 'Manage Gift Cards' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Payment Settings' })).not.toBeInTheDocument();
  });

  it('lists recent transactions: a green plus for money in, a red minus for money out, the real status', async () => {
    mockApi({ 'GET /api/wallet': jsonReply(200, buildWallet()) });
    renderWithProviders(<WalletPage />);

    const table = await screen.findByRole('table', { name: 'Recent Transactions' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Description', 'Date', 'Amount', 'Status']);
    const [, sentRow, receivedRow] = within(table).getAllByRole('row');
    const sentCells = within(sentRow!).getAllByRole('cell');
    expect(sentCells[0]).toHaveTextContent('Reserved for Starbucks pin');
    expect(sentCells[1]).toHaveTextContent('Mar 4, 2025');
    expect(sentCells[2]).toHaveTextContent(/^-\$30\.00$/);
    expect(sentCells[2]).toHaveClass('text-red-700');
    expect(sentCells[3]).toHaveTextContent(/^Pending$/);
    const receivedCells = within(receivedRow!).getAllByRole('cell');
    expect(receivedCells[2]).toHaveTextContent(/^\+\$100\.00$/);
    expect(receivedCells[2]).toHaveClass('text-green-700');
    expect(receivedCells[3]).toHaveTextContent(/^Completed$/);
  });

  it('shows skeletons while loading, then an honest empty state', async () => {
    let answer: () => void = () => {};
    mockApi({
      'GET /api/wallet': () =>
        new Promise((resolve) => {
          answer = () =>
            resolve(
              jsonReply(
                200,
                buildWallet({
                  balance: 0,
                  summary: { sent: 0, received: 0, thisMonth: 0, totalTransactions: 0 },
                  transactions: [],
                }),
              ),
            );
        }),
    });
    renderWithProviders(<WalletPage />);

    expect(await screen.findByRole('status', { name: 'Loading wallet' })).toBeInTheDocument();
    answer();
    expect(
      await screen.findByText('No transactions yet. Add funds to get started.'),
    ).toBeInTheDocument();
    expect(screen.getByText('$0.00', { selector: 'p' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows the error with Try again, which asks again', async () => {
    let calls = 0;
    mockApi({
      'GET /api/wallet': () => {
        calls += 1;
        return calls === 1
          ? jsonReply(500, { message: 'Something went wrong' })
          : jsonReply(200, buildWallet());
      },
    });
    const { user } = renderWithProviders(<WalletPage />);

    expect(
      await screen.findByText('Failed to load wallet data. Please try again later.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('$1,234.50')).toBeInTheDocument();
  });

  it('Add Funds says it is in test mode and which cards work', async () => {
    mockApi({ 'GET /api/wallet': jsonReply(200, buildWallet()) });
    const { dialog } = await openAddFunds();

    expect(within(dialog).getByText('Test mode')).toBeInTheDocument();
    expect(within(dialog).getByText('4242 4242 4242 4242')).toBeInTheDocument();
    expect(within(dialog).getByText('4000 0000 0000 0002')).toBeInTheDocument();
    const amount = within(dialog).getByLabelText('Amount ($)');
    expect(amount).toHaveAttribute('type', 'number');
    expect(amount).toHaveAttribute('step', '0.01');
  });

  it('a declined card shows the server message in the dialog and as a destructive toast', async () => {
    const api = mockApi({
      'GET /api/wallet': jsonReply(200, buildWallet()),
      'POST /api/wallet/add-funds': jsonReply(402, { message: 'Your card was declined' }),
    });
    const { user, dialog } = await openAddFunds();

    await user.type(within(dialog).getByLabelText('Amount ($)'), '100');
    await user.type(within(dialog).getByLabelText('Card Number'), '4000 0000 0000 0002');
    await user.click(within(dialog).getByRole('button', { name: 'Add Funds' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Your card was declined');
    const toast = await findToast('Payment failed');
    expect(within(toast).getByText('Your card was declined')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Add Funds' })).toBeInTheDocument();
    // Dollars, as the API expects (the shared schema's cents stay inside the form).
    expect(api.requestsTo('POST', '/api/wallet/add-funds')[0]?.body).toEqual({
      amount: 100,
      cardNumber: '4000 0000 0000 0002',
    });
  });

  it('adds funds with an idempotency key, reused when the same submission is retried', async () => {
    let balance = 1234.5;
    let attempts = 0;
    const api = mockApi({
      'GET /api/wallet': () => jsonReply(200, buildWallet({ balance })),
      'POST /api/wallet/add-funds': () => {
        attempts += 1;
        if (attempts === 1) return jsonReply(503, { message: 'Payment provider unavailable' });
        balance += 25.5;
        return jsonReply(201, { transaction: transaction({ amount: 25.5 }), balance });
      },
    });
    const { user, dialog } = await openAddFunds();

    await user.type(within(dialog).getByLabelText('Amount ($)'), '25.50');
    await user.type(within(dialog).getByLabelText('Card Number'), '4242 4242 4242 4242');
    await user.click(within(dialog).getByRole('button', { name: 'Add Funds' }));
    await findToast('Payment failed');
    await user.click(within(dialog).getByRole('button', { name: 'Add Funds' }));

    await findToast('Funds added');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Add Funds' })).not.toBeInTheDocument(),
    );
    expect(await screen.findByText('$1,260.00')).toBeInTheDocument();
    const keys = api.fetch.mock.calls
      .filter(([input]) => String(input) === '/api/wallet/add-funds')
      .map(([, init]) => new Headers(init?.headers).get('Idempotency-Key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(api.requestsTo('POST', '/api/wallet/add-funds')[1]?.body).toEqual({
      amount: 25.5,
      cardNumber: '4242 4242 4242 4242',
    });
  });

  it('checks the amount with the shared schema before sending anything', async () => {
    const api = mockApi({ 'GET /api/wallet': jsonReply(200, buildWallet()) });
    const { user, dialog } = await openAddFunds();

    await user.type(within(dialog).getByLabelText('Amount ($)'), '0.5');
    await user.type(within(dialog).getByLabelText('Card Number'), '4242 4242 4242 4242');
    await user.click(within(dialog).getByRole('button', { name: 'Add Funds' }));

    expect(within(dialog).getByLabelText('Amount ($)')).toHaveAccessibleDescription(
      'Amount must be between $1 and $10,000',
    );
    expect(api.requestsTo('POST', '/api/wallet/add-funds')).toHaveLength(0);
  });

  it('Withdraw shows "Insufficient funds" from a 409', async () => {
    const api = mockApi({
      'GET /api/wallet': jsonReply(200, buildWallet()),
      'POST /api/wallet/withdraw': jsonReply(409, { message: 'Insufficient funds' }),
    });
    const { user } = renderWithProviders(<WalletPage />);
    await user.click(await screen.findByRole('button', { name: 'Withdraw' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw' });

    expect(within(dialog).getByText('Test mode')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Amount ($)'), '5000');
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Insufficient funds');
    const toast = await findToast('Withdrawal failed');
    expect(within(toast).getByText('Insufficient funds')).toBeInTheDocument();
    expect(api.requestsTo('POST', '/api/wallet/withdraw')[0]?.body).toEqual({ amount: 5000 });
    expect(headersOf(api, '/wallet/withdraw').get('Idempotency-Key')).toBeTruthy();
  });

  it('View All opens the full history, a page at a time', async () => {
    const page = (number: number) =>
      Array.from({ length: number === 1 ? 10 : 2 }, (_, index) =>
        transaction({ id: number * 100 + index, description: `Entry ${number}-${index}` }),
      );
    const api = mockApi({
      'GET /api/wallet': jsonReply(200, buildWallet()),
      'GET /api/wallet/transactions': (request) => {
        const number = Number(request.search.get('page'));
        return jsonReply(200, { items: page(number), page: number, limit: 10, total: 12 });
      },
    });
    const { user } = renderWithProviders(<WalletPage />);
    await user.click(await screen.findByRole('button', { name: 'View All' }));
    const dialog = await screen.findByRole('dialog', { name: 'Transaction History' });

    expect(await within(dialog).findByText('Entry 1-0')).toBeInTheDocument();
    expect(within(dialog).getByText('Page 1 of 2')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByText('Entry 2-1')).toBeInTheDocument();
    expect(within(dialog).getByText('Page 2 of 2')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(
      api.requestsTo('GET', '/api/wallet/transactions').map((r) => r.search.get('page')),
    ).toEqual(['1', '2']);
  });

  it('keeps the loading state honest while the wallet never answers', async () => {
    mockApi({ 'GET /api/wallet': pending });
    renderWithProviders(<WalletPage />);
    expect(await screen.findByRole('status', { name: 'Loading wallet' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Funds' })).not.toBeInTheDocument();
  });
});

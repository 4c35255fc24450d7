import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type Wallet, type WalletTransaction } from '@shared/schema/ledger';
import { jsonReply, listReply, pending } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/test-utils';
import { WalletPage } from '../pages/wallet-page';
import {
  buildWallet as buildAnyWallet,
  issuedCard,
  mockBusinessApi as mockApi,
  transaction,
} from './wallet-fixtures';

const recent: WalletTransaction[] = [
  transaction({
    id: 't2',
    kind: 'pin_reserve',
    description: 'Reserved for Starbucks pin',
    type: 'sent',
    amount: 30,
    status: 'pending',
  }),
  transaction({ id: 't1' }),
];

function buildWallet(overrides: Partial<Wallet> = {}): Wallet {
  return buildAnyWallet({ transactions: recent, ...overrides });
}

describe('WalletPage for a business', () => {
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
    // Payment Settings is a page of its own.
    expect(screen.getByRole('link', { name: 'Payment Settings' })).toHaveAttribute(
      'href',
      '/wallet/payment-settings',
    );
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
    expect(sentCells[2]).toHaveTextContent(/^Sent -\$30\.00$/);
    expect(sentCells[2]).toHaveClass('text-red-700');
    expect(sentCells[3]).toHaveTextContent(/^Pending$/);
    const receivedCells = within(receivedRow!).getAllByRole('cell');
    expect(receivedCells[2]).toHaveTextContent(/^Received \+\$100\.00$/);
    expect(receivedCells[2]).toHaveClass('text-green-700');
    // A completed movement reads 'Complete'.
    expect(receivedCells[3]).toHaveTextContent(/^Complete$/);
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

  it('View All opens the full history, a page at a time', async () => {
    const page = (number: number) =>
      Array.from({ length: number === 1 ? 10 : 2 }, (_, index) =>
        transaction({ id: `t${number * 100 + index}`, description: `Entry ${number}-${index}` }),
      );
    const api = mockApi({
      'GET /api/wallet': jsonReply(200, buildWallet()),
      'GET /api/wallet/transactions': (request) => {
        const number = Number(request.search.get('page'));
        return listReply(page(number), { page: number, limit: 10, total: 12 });
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

  it('offers Add Funds and Withdraw, not the consumer actions', async () => {
    const api = mockApi({ 'GET /api/wallet': jsonReply(200, buildWallet()) });
    renderWithProviders(<WalletPage />);

    expect(await screen.findByRole('button', { name: 'Add Funds' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Withdraw' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Transaction History' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Manage Gift Cards' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send Gift' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Request Gift' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'View Gift Cards' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Your Gift Cards' })).not.toBeInTheDocument();
    // A business holds no cards: the consumer's endpoints are never asked.
    expect(api.requestsTo('GET', '/api/gift-cards/consumer/wallet')).toHaveLength(0);
    expect(api.requestsTo('GET', '/api/gift-cards/requests')).toHaveLength(0);
  });

  it('on a phone the Date column folds under the description', async () => {
    mockApi({ 'GET /api/wallet': jsonReply(200, buildWallet()) });
    renderWithProviders(<WalletPage />);

    const table = await screen.findByRole('table', { name: 'Recent Transactions' });
    expect(within(table).getByRole('columnheader', { name: 'Date' })).toHaveClass(
      'hidden',
      'sm:table-cell',
    );
    const [, sentRow] = within(table).getAllByRole('row');
    const [description, date] = within(sentRow!).getAllByRole('cell');
    expect(date).toHaveClass('hidden', 'sm:table-cell');
    expect(within(description!).getByText('Mar 4, 2025')).toHaveClass('sm:hidden');
  });

  it('Manage Gift Cards lists the cards issued from its pins, a page at a time', async () => {
    const page = (number: number) =>
      number === 1
        ? [
            issuedCard(),
            ...Array.from({ length: 9 }, (_, index) =>
              issuedCard({ id: 100 + index, consumer_name: `Consumer ${index}` }),
            ),
          ]
        : [
            issuedCard({
              id: 200,
              consumer_name: 'Dana Dunkin',
              consumer_username: 'dana',
              brand: 'dunkin',
              value: 20,
              balance: 0,
              status: 'redeemed',
              expires: '2025-09-10T12:00:00.000Z',
            }),
          ];
    const api = mockApi({
      'GET /api/wallet': jsonReply(200, buildWallet()),
      'GET /api/gift-cards/issued': (request) => {
        const number = Number(request.search.get('page'));
        return listReply(page(number), { page: number, limit: 10, total: 11 });
      },
    });
    const { user } = renderWithProviders(<WalletPage />);
    await user.click(await screen.findByRole('button', { name: 'Manage Gift Cards' }));
    const dialog = await screen.findByRole('dialog', { name: 'Manage Gift Cards' });

    const table = await within(dialog).findByRole('table', { name: 'Issued gift cards' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Consumer', 'Brand', 'Value', 'Balance', 'Status', 'Expires', 'History']);
    const cells = within(within(table).getAllByRole('row')[1]!).getAllByRole('cell');
    expect(cells[0]).toHaveTextContent('Casey Consumer');
    expect(cells[0]).toHaveTextContent('@casey');
    expect(cells[1]).toHaveTextContent(/^Starbucks$/);
    expect(cells[2]).toHaveTextContent(/^\$10\.00$/);
    expect(cells[3]).toHaveTextContent(/^\$4\.50$/);
    expect(cells[4]).toHaveTextContent(/^Active$/);
    expect(cells[5]).toHaveTextContent(/^Jun 2, 2025$/);
    expect(within(dialog).getByText('Page 1 of 2')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByText('Dana Dunkin')).toBeInTheDocument();
    const second = within(within(table).getAllByRole('row')[1]!).getAllByRole('cell');
    expect(second[0]).toHaveTextContent('@dana');
    expect(second[1]).toHaveTextContent(/^Dunkin$/);
    expect(second[3]).toHaveTextContent(/^\$0\.00$/);
    expect(second[4]).toHaveTextContent(/^Redeemed$/);
    expect(within(dialog).getByText('Page 2 of 2')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(
      api.requestsTo('GET', '/api/gift-cards/issued').map((r) => r.search.get('page')),
    ).toEqual(['1', '2']);
  });

  it('Manage Gift Cards says so when no card was issued yet, and retries after a failure', async () => {
    let calls = 0;
    mockApi({
      'GET /api/wallet': jsonReply(200, buildWallet()),
      'GET /api/gift-cards/issued': () => {
        calls += 1;
        return calls === 1
          ? jsonReply(500, { message: 'Something went wrong' })
          : listReply([], { page: 1, limit: 10, total: 0 });
      },
    });
    const { user } = renderWithProviders(<WalletPage />);
    await user.click(await screen.findByRole('button', { name: 'Manage Gift Cards' }));
    const dialog = await screen.findByRole('dialog', { name: 'Manage Gift Cards' });

    expect(
      await within(dialog).findByText('Failed to load gift cards. Please try again later.'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(
      await within(dialog).findByText('No gift cards have been claimed from your pins yet.'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('table')).not.toBeInTheDocument();
  });

  it('keeps the loading state honest while the wallet never answers', async () => {
    mockApi({ 'GET /api/wallet': pending });
    renderWithProviders(<WalletPage />);
    expect(await screen.findByRole('status', { name: 'Loading wallet' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Funds' })).not.toBeInTheDocument();
  });
});

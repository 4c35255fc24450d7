import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type GiftRequest } from '@shared/schema/gift-cards';
import { jsonReply, listReply } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/test-utils';
import { WalletPage } from '../pages/wallet-page';
import { buildWallet, giftCard, mockConsumerApi, transaction } from './wallet-fixtures';

const consumerWallet = buildWallet({
  balance: 42.5,
  summary: { sent: 20, received: 67.5, thisMonth: 12.25, totalTransactions: 9 },
  transactions: [
    transaction({
      id: 'gs4',
      kind: 'gift_sent',
      description: 'Gift to Riley: Dunkin gift card',
      type: 'sent',
      amount: 20,
      status: 'completed',
      date: '2025-03-06T12:00:00.000Z',
    }),
    transaction({
      id: 't3',
      kind: 'claim',
      description: 'Claimed Starbucks gift card',
      type: 'received',
      amount: 25,
      status: 'pending',
    }),
    transaction({
      id: 't2',
      kind: 'redeem',
      description: 'Used Walmart gift card',
      type: 'sent',
      amount: 5,
      status: 'failed',
    }),
  ],
});

async function renderConsumerWallet() {
  const rendered = renderWithProviders(<WalletPage />);
  await screen.findByRole('region', { name: 'Current Balance' });
  return rendered;
}

describe('WalletPage for a consumer', () => {
  it('shows the balance of usable cards, Send Gift and Request Gift, and no business actions', async () => {
    mockConsumerApi({ 'GET /api/wallet': jsonReply(200, consumerWallet) });
    await renderConsumerWallet();

    expect(screen.getByRole('heading', { level: 1, name: 'Your Wallet' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Current Balance' })).toHaveTextContent('$42.50');
    expect(screen.getByRole('button', { name: 'Send Gift' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Request Gift' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Transaction History' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'View Gift Cards' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Funds' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Withdraw' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Manage Gift Cards' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Payment Settings' })).not.toBeInTheDocument();
  });

  it('shows the activity summary the server computed', async () => {
    mockConsumerApi({ 'GET /api/wallet': jsonReply(200, consumerWallet) });
    await renderConsumerWallet();

    const summary = screen
      .getByRole('heading', { name: 'Activity Summary' })
      .closest('div')!.parentElement!;
    const valueOf = (label: string) => within(summary).getByText(label).nextElementSibling;
    expect(valueOf('Sent')).toHaveTextContent(/^\$20\.00$/);
    expect(valueOf('Received')).toHaveTextContent(/^\$67\.50$/);
    expect(valueOf('This Month')).toHaveTextContent(/^\+\$12\.25$/);
    expect(valueOf('Total Gifts')).toHaveTextContent(/^9$/);
  });

  it('Send Gift and Request Gift open their dialogs', async () => {
    mockConsumerApi({ 'GET /api/wallet': jsonReply(200, consumerWallet) });
    const { user } = await renderConsumerWallet();

    await user.click(screen.getByRole('button', { name: 'Send Gift' }));
    expect(await screen.findByRole('dialog', { name: 'Send Gift' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Request Gift' }));
    expect(await screen.findByRole('dialog', { name: 'Request Gift' })).toBeInTheDocument();
  });

  it('shows the gift requests friends sent', async () => {
    const request: GiftRequest = {
      id: 5,
      requester: { id: 9, name: 'Riley Requester', username: 'riley', profilePicture: null },
      brand: 'dunkin',
      amount: 15,
      message: 'Coffee?',
      status: 'pending',
      created_at: '2025-03-05T12:00:00.000Z',
    };
    mockConsumerApi({
      'GET /api/wallet': jsonReply(200, consumerWallet),
      'GET /api/gift-cards/requests': listReply([request], { page: 1, limit: 10, total: 1 }),
    });
    await renderConsumerWallet();

    const requests = await screen.findByRole('region', { name: 'Gift Requests' });
    expect(requests).toHaveTextContent('Riley Requester');
  });

  it('lists the cards with logo emoji, sender, expiry, amount and Use Card', async () => {
    mockConsumerApi(
      { 'GET /api/wallet': jsonReply(200, consumerWallet) },
      {
        cards: [
          giftCard(),
          giftCard({
            id: 12,
            brand: 'walmart',
            sender_name: 'Riley Requester',
            value: 50,
            balance: 12.5,
            source: 'friend_gift',
            expires: '2025-07-15T12:00:00.000Z',
          }),
          giftCard({ id: 13, brand: 'dunkin', sender_name: 'Donut Shop', value: 5, balance: 5 }),
          giftCard({ id: 14, brand: 'target', sender_name: 'Guest Giver', value: 10, balance: 10 }),
        ],
      },
    );
    await renderConsumerWallet();

    const list = await screen.findByRole('list', { name: 'Your gift cards' });
    const [starbucks, walmart, dunkin, unknown] = within(list).getAllByRole('listitem');
    expect(within(starbucks!).getByRole('heading', { name: 'Starbucks' })).toBeInTheDocument();
    expect(starbucks).toHaveTextContent('☕');
    expect(starbucks).toHaveTextContent('From Bean There Coffee');
    expect(starbucks).toHaveTextContent('Expires: Jun 2, 2025');
    expect(starbucks).toHaveTextContent('$25.00');
    expect(starbucks).not.toHaveTextContent('of $25.00');
    expect(within(starbucks!).getByRole('button', { name: 'Use Card' })).toBeInTheDocument();

    expect(within(walmart!).getByRole('heading', { name: 'Walmart' })).toBeInTheDocument();
    expect(walmart).toHaveTextContent('🛒');
    expect(walmart).toHaveTextContent('From Riley Requester');
    expect(walmart).toHaveTextContent('Expires: Jul 15, 2025');
    // Partly used: what is left, of what it was worth.
    expect(walmart).toHaveTextContent('$12.50of $50.00');

    expect(dunkin).toHaveTextContent('🍩');
    // A brand without a known logo shows a gift.
    expect(unknown).toHaveTextContent('🎁');
    expect(within(unknown!).getByRole('heading', { name: 'target' })).toBeInTheDocument();
  });

  it('shows more cards a page at a time', async () => {
    const cards = Array.from({ length: 8 }, (_, index) =>
      giftCard({ id: 100 + index, sender_name: `Sender ${index}` }),
    );
    const api = mockConsumerApi({ 'GET /api/wallet': jsonReply(200, consumerWallet) }, { cards });
    const { user } = await renderConsumerWallet();

    const list = await screen.findByRole('list', { name: 'Your gift cards' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(6);
    await user.click(screen.getByRole('button', { name: 'Show more' }));

    expect(await within(list).findByText('From Sender 7')).toBeInTheDocument();
    expect(within(list).getAllByRole('listitem')).toHaveLength(8);
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    expect(
      api
        .requestsTo('GET', '/api/gift-cards/consumer/wallet')
        .map((request) => [request.search.get('page'), request.search.get('limit')]),
    ).toEqual([
      ['1', '6'],
      ['2', '6'],
    ]);
  });

  it('without cards, points to the Marketplace', async () => {
    mockConsumerApi({ 'GET /api/wallet': jsonReply(200, consumerWallet) });
    const { user, currentPath } = await renderConsumerWallet();

    expect(
      await screen.findByText(/You don't have any gift cards yet\. Find one to claim in the/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Your gift cards' })).not.toBeInTheDocument();
    const section = screen.getByRole('heading', { name: 'Your Gift Cards' }).parentElement!
      .parentElement!;
    await user.click(within(section).getByRole('link', { name: 'Marketplace' }));
    expect(currentPath()).toBe('/marketplace');
  });

  it('View Gift Cards brings Your Gift Cards into focus', async () => {
    mockConsumerApi({ 'GET /api/wallet': jsonReply(200, consumerWallet) }, { cards: [giftCard()] });
    const { user } = await renderConsumerWallet();

    await user.click(screen.getByRole('button', { name: 'View Gift Cards' }));
    expect(screen.getByRole('heading', { name: 'Your Gift Cards' })).toHaveFocus();
  });

  it('when the cards fail to load, says so and tries again', async () => {
    let calls = 0;
    mockConsumerApi({
      'GET /api/wallet': jsonReply(200, consumerWallet),
      'GET /api/gift-cards/consumer/wallet': () => {
        calls += 1;
        return calls === 1
          ? jsonReply(500, { message: 'Something went wrong' })
          : listReply([giftCard()], { page: 1, limit: 6, total: 1 });
      },
    });
    const { user } = await renderConsumerWallet();

    expect(
      await screen.findByText('Failed to load your gift cards. Please try again later.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('From Bean There Coffee')).toBeInTheDocument();
  });

  it('lists recent transactions with a green plus, a red minus and the real status', async () => {
    mockConsumerApi({ 'GET /api/wallet': jsonReply(200, consumerWallet) });
    await renderConsumerWallet();

    const table = screen.getByRole('table', { name: 'Recent Transactions' });
    const [, sent, received, failed] = within(table).getAllByRole('row');
    const sentCells = within(sent!).getAllByRole('cell');
    expect(sentCells[0]).toHaveTextContent('Gift to Riley: Dunkin gift card');
    expect(sentCells[2]).toHaveTextContent(/^Sent -\$20\.00$/);
    expect(sentCells[2]).toHaveClass('text-red-700');
    expect(sentCells[3]).toHaveTextContent(/^Complete$/);
    const receivedCells = within(received!).getAllByRole('cell');
    expect(receivedCells[2]).toHaveTextContent(/^Received \+\$25\.00$/);
    expect(receivedCells[2]).toHaveClass('text-green-700');
    expect(receivedCells[3]).toHaveTextContent(/^Pending$/);
    expect(within(failed!).getAllByRole('cell')[3]).toHaveTextContent(/^Failed$/);
  });

  it('before any transaction, invites to the Marketplace', async () => {
    mockConsumerApi();
    await renderConsumerWallet();

    expect(screen.getByRole('region', { name: 'Current Balance' })).toHaveTextContent('$0.00');
    expect(
      screen.getByText(/No transactions yet\. Claim a gift card in the/, { selector: 'p' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Recent Transactions' })).not.toBeInTheDocument();
  });

  it('Transaction History opens the full history, a page at a time', async () => {
    const page = (number: number) =>
      Array.from({ length: number === 1 ? 10 : 3 }, (_, index) =>
        transaction({ id: `gr${number * 100 + index}`, description: `Gift ${number}-${index}` }),
      );
    const api = mockConsumerApi({
      'GET /api/wallet': jsonReply(200, consumerWallet),
      'GET /api/wallet/transactions': (request) => {
        const number = Number(request.search.get('page'));
        return listReply(page(number), { page: number, limit: 10, total: 13 });
      },
    });
    const { user } = await renderConsumerWallet();

    await user.click(screen.getByRole('button', { name: 'Transaction History' }));
    const dialog = await screen.findByRole('dialog', { name: 'Transaction History' });
    expect(await within(dialog).findByText('Gift 1-9')).toBeInTheDocument();
    expect(within(dialog).getByText('Page 1 of 2')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByText('Gift 2-2')).toBeInTheDocument();
    expect(within(dialog).getByText('Page 2 of 2')).toBeInTheDocument();
    expect(
      api.requestsTo('GET', '/api/wallet/transactions').map((r) => r.search.get('page')),
    ).toEqual(['1', '2']);

    // View All opens the same history.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'View All' }));
    expect(await screen.findByRole('dialog', { name: 'Transaction History' })).toBeInTheDocument();
  });

  it('when the wallet fails to load, says so and tries again', async () => {
    let calls = 0;
    mockConsumerApi({
      'GET /api/wallet': () => {
        calls += 1;
        return calls === 1
          ? jsonReply(500, { message: 'Something went wrong' })
          : jsonReply(200, consumerWallet);
      },
    });
    const { user } = renderWithProviders(<WalletPage />);

    expect(
      await screen.findByText('Failed to load wallet data. Please try again later.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send Gift' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('$42.50')).toBeInTheDocument();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type GiftCardActivity } from '@shared/schema/gift-cards';
import { jsonReply, listReply, pending, type MockRoutes } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/test-utils';
import { WalletPage } from '../pages/wallet-page';
import {
  buildWallet,
  giftCard,
  issuedCard,
  mockBusinessApi,
  mockConsumerApi,
} from './wallet-fixtures';

function activity(overrides: Partial<GiftCardActivity> = {}): GiftCardActivity {
  return {
    id: 'a1',
    kind: 'issued',
    date: '2025-03-04T12:00:00.000Z',
    amount: 25,
    balanceAfter: 25,
    description: 'Issued by Bean There Coffee at Starbucks – Boylston & Mass Ave',
    ...overrides,
  };
}

const history = [
  activity({
    id: 'a3',
    kind: 'transferred',
    date: '2025-03-08T12:00:00.000Z',
    amount: 0,
    balanceAfter: 20.5,
    description: 'Received from Riley Park: "Happy birthday!"',
  }),
  activity({
    id: 'a2',
    kind: 'spent',
    date: '2025-03-06T12:00:00.000Z',
    amount: 4.5,
    balanceAfter: 20.5,
    description: 'Spent $4.50 before the card came to you',
  }),
  activity(),
];

const promotional = giftCard({
  id: 11,
  value: 25,
  balance: 20.5,
  sender_name: 'Riley Park',
  promotional: true,
  message: 'Happy birthday!',
});
const paid = giftCard({
  id: 12,
  brand: 'walmart',
  value: 40,
  balance: 40,
  sender_name: 'Noah Green',
  promotional: false,
  message: '',
});

/** The consumer's wallet with a promotional and a paid card; `routes` add the history's answers. */
async function renderWallet(routes: MockRoutes = {}) {
  const api = mockConsumerApi(
    { 'GET /api/wallet': jsonReply(200, buildWallet({ balance: 60.5 })), ...routes },
    { cards: [promotional, paid] },
  );
  const rendered = renderWithProviders(<WalletPage />);
  const list = await screen.findByRole('list', { name: 'Your gift cards' });
  const [first, second] = within(list).getAllByRole('article');
  return { ...rendered, api, list, promotionalCard: first!, paidCard: second! };
}

describe("A wallet card's details and history", () => {
  it("marks a promotional card and shows the giver's message on it; a paid card has neither", async () => {
    const { promotionalCard, paidCard } = await renderWallet();
    expect(within(promotionalCard).getByText('Promotional')).toBeInTheDocument();
    expect(within(promotionalCard).getByText('“Happy birthday!”')).toBeInTheDocument();
    expect(within(paidCard).queryByText('Promotional')).not.toBeInTheDocument();
    expect(within(paidCard).queryByText(/“/)).not.toBeInTheDocument();
    expect(within(paidCard).getByRole('button', { name: 'History' })).toBeInTheDocument();
  });

  it('opens the details: balance, value, expiry, Promotional, the message and the history', async () => {
    let answer: () => void = () => {};
    const { user, promotionalCard, api } = await renderWallet({
      'GET /api/gift-cards/:id/history': () =>
        new Promise((resolve) => {
          answer = () => resolve(listReply(history, { limit: 10, total: 3 }));
        }),
    });
    await user.click(within(promotionalCard).getByRole('button', { name: 'History' }));

    const dialog = await screen.findByRole('dialog', { name: 'Starbucks gift card' });
    expect(dialog).toHaveAccessibleDescription('From Riley Park');
    expect(
      within(dialog).getByRole('status', { name: "Loading the card's history" }),
    ).toBeVisible();
    const facts = within(dialog).getAllByRole('definition');
    expect(facts.map((fact) => fact.textContent)).toEqual(['$20.50', '$25.00', 'Jun 2, 2025']);
    expect(within(dialog).getByText('Promotional')).toBeInTheDocument();
    expect(within(dialog).getByRole('blockquote')).toHaveTextContent(/^Happy birthday!$/);

    answer();
    const lines = await within(dialog).findByRole('list', {
      name: 'History of the Starbucks gift card',
    });
    const items = within(lines).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Received from Riley Park: "Happy birthday!"Mar 8, 2025Balance $20.50',
      'Spent $4.50 before the card came to youMar 6, 2025Taken -$4.50Balance $20.50',
      'Issued by Bean There Coffee at Starbucks – Boylston & Mass AveMar 4, 2025Added +$25.00Balance $25.00',
    ]);
    expect(within(dialog).queryByRole('navigation')).not.toBeInTheDocument();
    expect(api.requestsTo('GET', '/api/gift-cards/11/history')[0]!.search.get('limit')).toBe('10');
  });

  it("leaves Promotional and the message out of a paid card's details", async () => {
    const { user, paidCard } = await renderWallet({
      'GET /api/gift-cards/:id/history': listReply([
        activity({ amount: 40, balanceAfter: 40, description: 'Bought for you by Noah Green' }),
      ]),
    });
    await user.click(within(paidCard).getByRole('button', { name: 'History' }));
    const dialog = await screen.findByRole('dialog', { name: 'Walmart gift card' });
    expect(await within(dialog).findByText('Bought for you by Noah Green')).toBeInTheDocument();
    expect(within(dialog).queryByText('Promotional')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('blockquote')).not.toBeInTheDocument();
  });

  it('says when the history fails to load, and tries again', async () => {
    let calls = 0;
    const { user, promotionalCard } = await renderWallet({
      'GET /api/gift-cards/:id/history': () => {
        calls += 1;
        return calls === 1
          ? jsonReply(500, { message: 'Something went wrong' })
          : listReply(history, { limit: 10, total: 3 });
      },
    });
    await user.click(within(promotionalCard).getByRole('button', { name: 'History' }));
    const dialog = await screen.findByRole('dialog', { name: 'Starbucks gift card' });
    expect(
      await within(dialog).findByText("Failed to load the card's history. Please try again."),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findAllByRole('listitem')).toHaveLength(3);
  });

  it('pages a long history', async () => {
    const { user, promotionalCard, api } = await renderWallet({
      'GET /api/gift-cards/:id/history': (request) => {
        const page = Number(request.search.get('page'));
        return page === 1
          ? listReply(
              Array.from({ length: 10 }, (_, index) =>
                activity({ id: `a${20 - index}`, kind: 'spent', description: `Spend ${index}` }),
              ),
              { page, limit: 10, total: 11 },
            )
          : listReply([activity()], { page, limit: 10, total: 11 });
      },
    });
    await user.click(within(promotionalCard).getByRole('button', { name: 'History' }));
    const dialog = await screen.findByRole('dialog', { name: 'Starbucks gift card' });
    const pages = await within(dialog).findByRole('navigation', { name: 'Card history pages' });
    expect(within(pages).getByText('Page 1 of 2')).toBeInTheDocument();
    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByText(/^Issued by Bean There Coffee/)).toBeInTheDocument();
    expect(
      api.requestsTo('GET', '/api/gift-cards/11/history').map((r) => r.search.get('page')),
    ).toEqual(['1', '2']);
  });
});

describe('Manage Gift Cards: a card’s history', () => {
  it('opens the history of an issued card from its row', async () => {
    const card = issuedCard({ id: 31, consumer_name: 'Casey Consumer', balance: 4.5 });
    mockBusinessApi({
      'GET /api/wallet': jsonReply(200, buildWallet()),
      'GET /api/gift-cards/issued': listReply([card], { page: 1, limit: 10, total: 1 }),
      'GET /api/gift-cards/:id/history': listReply([
        activity({
          id: 'a9',
          kind: 'transferred',
          amount: 0,
          balanceAfter: 4.5,
          description: 'Given to another person',
        }),
        activity({ id: 'a8', kind: 'issued', amount: 10, balanceAfter: 10 }),
      ]),
    });
    const { user } = renderWithProviders(<WalletPage />);
    await user.click(await screen.findByRole('button', { name: 'Manage Gift Cards' }));
    const manage = await screen.findByRole('dialog', { name: 'Manage Gift Cards' });
    await user.click(
      await within(manage).findByRole('button', {
        name: 'History of the Starbucks card claimed by Casey Consumer',
      }),
    );

    const dialog = await screen.findByRole('dialog', { name: 'Starbucks gift card' });
    expect(dialog).toHaveAccessibleDescription('Claimed by Casey Consumer on Mar 4, 2025');
    expect(within(dialog).getByText('Active')).toBeInTheDocument();
    const lines = await within(dialog).findByRole('list', {
      name: 'History of the Starbucks gift card',
    });
    expect(within(lines).getAllByRole('listitem')[0]).toHaveTextContent('Given to another person');

    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Starbucks gift card' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('dialog', { name: 'Manage Gift Cards' })).toBeInTheDocument();
  });

  it('shows a skeleton while the history loads', async () => {
    mockBusinessApi({
      'GET /api/wallet': jsonReply(200, buildWallet()),
      'GET /api/gift-cards/issued': listReply([issuedCard()], { page: 1, limit: 10, total: 1 }),
      'GET /api/gift-cards/:id/history': pending,
    });
    const { user } = renderWithProviders(<WalletPage />);
    await user.click(await screen.findByRole('button', { name: 'Manage Gift Cards' }));
    const manage = await screen.findByRole('dialog', { name: 'Manage Gift Cards' });
    await user.click(await within(manage).findByRole('button', { name: /^History of the/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Starbucks gift card' });
    expect(
      within(dialog).getByRole('status', { name: "Loading the card's history" }),
    ).toBeVisible();
  });
});

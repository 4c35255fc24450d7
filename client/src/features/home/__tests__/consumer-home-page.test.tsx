import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Switch } from 'wouter';
import { type MarketplacePage, type MarketplacePin } from '@shared/schema/gift-cards';
import { ProtectedRoute } from '@/components/layout/protected-route';
import { brandsFixture, buildUser } from '@/testing/fixtures';
import { jsonReply, mockApi, pending, type MockHandler } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/test-utils';
import { ConsumerHomePage } from '../pages/consumer-home-page';

const MARKETPLACE = '/api/gift-cards/marketplace';

function buildPin(id: number, overrides: Partial<MarketplacePin> = {}): MarketplacePin {
  return {
    id,
    brand: 'starbucks',
    value: 10,
    message: `Offer ${id}`,
    promotion_message: '',
    display_business_name: false,
    business_name: '',
    sender_name: 'Bean Co.',
    location_name: 'Starbucks Pike Place',
    street: '1912 Pike Pl',
    city: 'Seattle',
    state: 'WA',
    expiration_date: '2030-06-15T12:00:00.000Z',
    remaining: 5,
    recommended: false,
    ...overrides,
  };
}

function page(items: MarketplacePin[], total = items.length): MarketplacePage {
  return { items, page: 1, limit: 4, total, brands: ['starbucks'] };
}

function renderHome(marketplace: MockHandler) {
  const api = mockApi({
    'GET /api/user': jsonReply(200, buildUser({ type: 'consumer', name: 'Casey Consumer' })),
    'GET /api/brands': jsonReply(200, brandsFixture),
    [`GET ${MARKETPLACE}`]: marketplace,
  });
  return {
    api,
    ...renderWithProviders(
      <Switch>
        <ProtectedRoute path="/" component={ConsumerHomePage} />
      </Switch>,
    ),
  };
}

function viewAllLink() {
  return screen.getByRole('link', { name: 'View all offers' });
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'geolocation');
});

describe('ConsumerHomePage', () => {
  it('greets the consumer and shows their top 4 offers on the Mark.itplace', async () => {
    const getCurrentPosition = vi.fn();
    Object.defineProperty(navigator, 'geolocation', {
      configurable: true,
      value: { getCurrentPosition, watchPosition: vi.fn(), clearWatch: vi.fn() },
    });
    const { api } = renderHome(
      jsonReply(
        200,
        page(
          [1, 2, 3, 4].map((id) => buildPin(id, { recommended: id === 1 })),
          9,
        ),
      ),
    );

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Mark.itplace' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Hello, Casey Consumer!')).toBeInTheDocument();
    const offers = await screen.findByRole('list', { name: 'Top offers for you' });
    const titles = within(offers)
      .getAllByRole('article')
      .map((offer) => within(offer).getByRole('heading', { level: 2 }).textContent);
    expect(titles).toEqual(['Offer 1', 'Offer 2', 'Offer 3', 'Offer 4']);
    expect(within(offers).getAllByRole('button', { name: 'Claim' })).toHaveLength(4);
    expect(within(offers).getByText('Recommended for you')).toBeInTheDocument();

    // Four offers, no location: Home never prompts for it.
    expect(
      api.requestsTo('GET', MARKETPLACE).map((request) => Object.fromEntries(request.search)),
    ).toEqual([{ limit: '4' }]);
    expect(getCurrentPosition).not.toHaveBeenCalled();
    expect(screen.queryByRole('heading', { name: 'Business Dashboard' })).not.toBeInTheDocument();
  });

  it('links to the marketplace for every offer', async () => {
    const { user, currentPath } = renderHome(jsonReply(200, page([buildPin(1)])));
    await screen.findByText('Offer 1');

    expect(viewAllLink()).toHaveAttribute('href', '/marketplace');
    await user.click(viewAllLink());
    expect(currentPath()).toBe('/marketplace');
  });

  it('never shows more than 4 offers', async () => {
    renderHome(jsonReply(200, page([1, 2, 3, 4, 5, 6].map((id) => buildPin(id)))));

    const offers = await screen.findByRole('list', { name: 'Top offers for you' });
    expect(within(offers).getAllByRole('article')).toHaveLength(4);
    expect(screen.queryByText('Offer 5')).not.toBeInTheDocument();
  });

  it('shows skeletons while the offers load', async () => {
    renderHome(pending);

    expect(await screen.findByRole('status', { name: 'Loading offers' })).toBeInTheDocument();
    expect(viewAllLink()).toBeInTheDocument();
  });

  it('says when there are no offers yet, still linking to the marketplace', async () => {
    renderHome(jsonReply(200, page([])));

    expect(
      await screen.findByText(
        'No offers for you yet. Offers from your favourite brands will appear here.',
      ),
    ).toBeInTheDocument();
    expect(viewAllLink()).toHaveAttribute('href', '/marketplace');
  });

  it('shows an error with Try again that fetches the offers again', async () => {
    let fail = true;
    const { user, api } = renderHome(() =>
      fail
        ? jsonReply(500, { message: 'Something went wrong' })
        : jsonReply(200, page([buildPin(1)])),
    );

    expect(await screen.findByText('Failed to fetch marketplace pins')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByText('Offer 1')).toBeInTheDocument();
    expect(screen.queryByText('Failed to fetch marketplace pins')).not.toBeInTheDocument();
    expect(api.requestsTo('GET', MARKETPLACE)).toHaveLength(2);
  });
});

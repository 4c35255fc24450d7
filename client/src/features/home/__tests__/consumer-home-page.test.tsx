import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Switch } from 'wouter';
import { type SuggestedFriend } from '@shared/schema/friends';
import { type MarketplacePin } from '@shared/schema/gift-cards';
import { ProtectedRoute } from '@/components/layout/protected-route';
import { brandsFixture, buildUser } from '@/testing/fixtures';
import {
  jsonReply,
  listReply,
  mockApi,
  pending,
  type MockHandler,
  type MockReply,
} from '@/testing/mock-api';
import { findToast, renderWithProviders } from '@/testing/test-utils';
import { ConsumerHomePage } from '../pages/consumer-home-page';

const MARKETPLACE = '/api/gift-cards/marketplace';
const SUGGESTED = '/api/friends/suggested';

function buildSuggested(id: number, overrides: Partial<SuggestedFriend> = {}): SuggestedFriend {
  return {
    id,
    name: `Friend ${id}`,
    username: `friend${id}`,
    mutualFriends: id,
    profilePicture: null,
    ...overrides,
  };
}

function buildPin(id: number, overrides: Partial<MarketplacePin> = {}): MarketplacePin {
  return {
    id,
    brand: 'starbucks',
    value: 10,
    message: `Offer ${id}`,
    promotion_message: '',
    display_business_name: false,
    business_contact: null,
    business_name: '',
    sender_name: 'Bean Co.',
    location_name: 'Starbucks Pike Place',
    street: '1912 Pike Pl',
    city: 'Seattle',
    state: 'WA',
    lat: 47.6097,
    lng: -122.3422,
    expiration_date: '2030-06-15T12:00:00.000Z',
    remaining: 5,
    recommended: false,
    ...overrides,
  };
}

function page(
  items: MarketplacePin[],
  total = items.length,
): MockReply<'GET /api/gift-cards/marketplace'> {
  return listReply(items, { page: 1, limit: 4, total });
}

function renderHome(
  marketplace: MockHandler<'GET /api/gift-cards/marketplace'>,
  suggested: MockHandler<'GET /api/friends/suggested'> = jsonReply(200, []),
) {
  const api = mockApi({
    'GET /api/user': jsonReply(200, buildUser({ type: 'consumer', name: 'Casey Consumer' })),
    'GET /api/brands': jsonReply(200, brandsFixture),
    'GET /api/gift-cards/marketplace': marketplace,
    'GET /api/friends/suggested': suggested,
    'POST /api/friends/request': ({ body: { username } }) => {
      return jsonReply(201, {
        friendshipId: 50,
        status: 'pending',
        friend: { id: 20, name: username, username },
      });
    },
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
      page(
        [1, 2, 3, 4].map((id) => buildPin(id, { recommended: id === 1 })),
        9,
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
    const { user, currentPath } = renderHome(page([buildPin(1)]));
    await screen.findByText('Offer 1');

    expect(viewAllLink()).toHaveAttribute('href', '/marketplace');
    await user.click(viewAllLink());
    expect(currentPath()).toBe('/marketplace');
  });

  it('never shows more than 4 offers', async () => {
    renderHome(page([1, 2, 3, 4, 5, 6].map((id) => buildPin(id))));

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
    renderHome(page([]));

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
      fail ? jsonReply(500, { message: 'Something went wrong' }) : page([buildPin(1)]),
    );

    expect(await screen.findByText('Failed to fetch marketplace pins')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByText('Offer 1')).toBeInTheDocument();
    expect(screen.queryByText('Failed to fetch marketplace pins')).not.toBeInTheDocument();
    expect(api.requestsTo('GET', MARKETPLACE)).toHaveLength(2);
  });

  describe('suggested friends', () => {
    it('asks for 4 suggestions and shows 4, each with Add', async () => {
      const { api } = renderHome(
        page([buildPin(1)]),
        jsonReply(
          200,
          [1, 2, 3, 4, 5].map((id) => buildSuggested(id)),
        ),
      );

      expect(
        await screen.findByRole('heading', { level: 2, name: 'Suggested Friends' }),
      ).toBeInTheDocument();
      const list = await screen.findByRole('list', { name: 'Suggested friends' });
      const items = within(list).getAllByRole('listitem');
      expect(items).toHaveLength(4);
      expect(items[0]).toHaveTextContent('Friend 1');
      expect(items[0]).toHaveTextContent('1 mutual friend');
      expect(items[1]).toHaveTextContent('2 mutual friends');
      expect(within(list).getAllByRole('button', { name: /^Add / })).toHaveLength(4);
      expect(screen.queryByText('Friend 5')).not.toBeInTheDocument();
      expect(
        api.requestsTo('GET', SUGGESTED).map((request) => Object.fromEntries(request.search)),
      ).toEqual([{ limit: '4' }]);
      // The Mark.itplace is still there, untouched.
      expect(await screen.findByRole('list', { name: 'Top offers for you' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Add Friend' })).toHaveAttribute(
        'href',
        '/add-friend',
      );
    });

    it("sends a friend request with Add and says 'Friend request sent'", async () => {
      const { api, user } = renderHome(
        page([]),
        jsonReply(200, [buildSuggested(1, { name: 'Riley Chen', username: 'riley' })]),
      );

      await user.click(await screen.findByRole('button', { name: 'Add Riley Chen' }));

      expect(await findToast('Friend request sent')).toBeInTheDocument();
      expect(api.requestsTo('POST', '/api/friends/request').map((request) => request.body)).toEqual(
        [{ username: 'riley' }],
      );
      expect(screen.getByRole('button', { name: 'Pending Riley Chen' })).toBeDisabled();
    });

    it('says when there is nobody to suggest', async () => {
      renderHome(page([]), jsonReply(200, []));

      expect(
        await screen.findByText('No suggestions right now. Find people you know with Add Friend.'),
      ).toBeInTheDocument();
    });

    it('shows the friends load error with its own Try again', async () => {
      let fail = true;
      const { user, api } = renderHome(page([buildPin(1)]), () =>
        fail ? jsonReply(500, { message: 'Oops' }) : jsonReply(200, [buildSuggested(1)]),
      );

      expect(
        await screen.findByText('Failed to load friends data. Please try again later.'),
      ).toBeInTheDocument();
      fail = false;
      await user.click(screen.getByRole('button', { name: 'Try again loading suggested friends' }));

      expect(await screen.findByRole('list', { name: 'Suggested friends' })).toHaveTextContent(
        'Friend 1',
      );
      expect(api.requestsTo('GET', SUGGESTED)).toHaveLength(2);
    });
  });
});

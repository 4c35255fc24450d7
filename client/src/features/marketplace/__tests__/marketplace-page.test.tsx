import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { GIFT_LIMITS } from '@shared/constants';
import { jsonReply, pending, type MockReply } from '@/testing/mock-api';
import { findToast, renderWithProviders } from '@/testing/test-utils';
import { MarketplacePage } from '../pages/marketplace-page';
import {
  brandsOf,
  buildPage,
  buildPin,
  claimResult,
  donut,
  latte,
  MARKETPLACE,
  marketplaceQueries,
  mockGeolocation,
  mockMarketplace,
  mockPermission,
  position,
  positionError,
  removeGeolocation,
  useMyLocation,
} from './marketplace-fixtures';

function card(name: string) {
  return screen.getByRole('article', { name });
}

afterEach(() => {
  removeGeolocation();
});

describe('MarketplacePage', () => {
  it('shows the offers as cards in a focusable 600 px scroll area', async () => {
    const api = mockMarketplace();
    renderWithProviders(<MarketplacePage />);

    expect(screen.getByRole('heading', { level: 1, name: 'Pin Marketplace' })).toBeInTheDocument();
    const offers = await screen.findByRole('region', { name: 'Offers' });
    expect(offers).toHaveAttribute('tabindex', '0');
    expect(offers).toHaveClass('h-[600px]', 'overflow-y-auto');

    const titles = within(offers)
      .getAllByRole('article')
      .map((item) => within(item).getByRole('heading', { level: 2 }).textContent);
    expect(titles).toEqual(['$10.00 Starbucks gift card', '$5.00 Dunkin gift card']);
    const starbucks = card('$10.00 Starbucks gift card');
    expect(within(starbucks).getByText('Recommended for you')).toBeInTheDocument();
    expect(within(starbucks).getByText('Offered by Bean Co.')).toBeInTheDocument();
    expect(within(starbucks).getByRole('button', { name: 'Claim' })).toBeEnabled();
    expect(
      within(card('$5.00 Dunkin gift card')).queryByText(/Offered by/),
    ).not.toBeInTheDocument();
    expect(screen.getByText('Showing 2 of 2 offers')).toBeInTheDocument();

    // jsdom has no geolocation: the page says so and asks for offers everywhere.
    expect(
      screen.getByText('Showing offers everywhere — your location is not available.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Use my location' })).not.toBeInTheDocument();
    expect(marketplaceQueries(api).map((query) => Object.fromEntries(query))).toEqual([
      { page: '1', limit: '20' },
    ]);
  });

  it('shows skeletons while the offers load', () => {
    mockMarketplace(pending);
    renderWithProviders(<MarketplacePage />);

    expect(screen.getByRole('status', { name: 'Loading offers' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Offers' })).not.toBeInTheDocument();
  });

  it('filters by brand with toggle chips: All Brands plus the brands on offer', async () => {
    const api = mockMarketplace((request) =>
      buildPage(request.search.get('brand') === 'dunkin' ? [donut] : [latte, donut]),
    );
    const { user } = renderWithProviders(<MarketplacePage />);

    await screen.findByRole('region', { name: 'Offers' });
    const chips = within(screen.getByRole('group', { name: 'Filter by brand' }));
    expect(chips.getAllByRole('button').map((chip) => chip.textContent)).toEqual([
      'All Brands',
      'Starbucks',
      'Dunkin',
    ]);
    expect(chips.getByRole('button', { name: 'All Brands' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await user.click(chips.getByRole('button', { name: 'Dunkin' }));

    await waitFor(() => expect(screen.queryByText('$10.00 Starbucks gift card')).toBeNull());
    expect(marketplaceQueries(api).at(-1)?.get('brand')).toBe('dunkin');
    expect(chips.getByRole('button', { name: 'Dunkin' })).toHaveAttribute('aria-pressed', 'true');
    expect(chips.getByRole('button', { name: 'All Brands' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );

    // Pressing the chosen brand again shows every brand.
    await user.click(chips.getByRole('button', { name: 'Dunkin' }));
    expect(await screen.findByText('$10.00 Starbucks gift card')).toBeInTheDocument();
    expect(marketplaceQueries(api).at(-1)?.has('brand')).toBe(false);
    expect(chips.getByRole('button', { name: 'All Brands' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('searches on the server once typing pauses, not on every key', async () => {
    const api = mockMarketplace((request) =>
      buildPage(request.search.get('search') === 'latte' ? [latte] : [latte, donut]),
    );
    const { user } = renderWithProviders(<MarketplacePage />);
    await screen.findByText('$5.00 Dunkin gift card');

    await user.type(screen.getByRole('searchbox', { name: 'Search offers' }), '  latte ');

    await waitFor(() => expect(screen.queryByText('$5.00 Dunkin gift card')).toBeNull());
    const searches = marketplaceQueries(api).map((query) => query.get('search'));
    expect(searches).toEqual([null, 'latte']);
  });

  it('says when nothing matches the search and clears the filters', async () => {
    const api = mockMarketplace((request) =>
      buildPage(request.search.has('search') ? [] : [latte]),
    );
    const { user } = renderWithProviders(<MarketplacePage />);
    await screen.findByText('$10.00 Starbucks gift card');

    await user.type(screen.getByRole('searchbox', { name: 'Search offers' }), 'pizza');

    expect(
      await screen.findByText('No offers match your search or brand filter.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));

    expect(await screen.findByText('$10.00 Starbucks gift card')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search offers' })).toHaveValue('');
    // The unfiltered offers show from the cache at once; the page then asks for them again.
    await waitFor(() => expect(marketplaceQueries(api).at(-1)?.has('search')).toBe(false));
  });

  it('says when there are no offers at all', async () => {
    mockMarketplace(buildPage([]));
    renderWithProviders(<MarketplacePage />);

    expect(
      await screen.findByText(
        'No offers right now. Businesses add new gift cards all the time, so check back soon.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });

  it('asks the browser for the location only when Use my location is clicked, then lists offers near the consumer', async () => {
    const getCurrentPosition = mockGeolocation((success) => success(position(47.6097, -122.3422)));
    const api = mockMarketplace((request) =>
      buildPage([buildPin(request.search.has('lat') ? { distance_miles: 2.43 } : {})]),
    );
    const { user } = renderWithProviders(<MarketplacePage />);

    // Offers everywhere first, and no prompt on load.
    expect(await screen.findByText('$10.00 Starbucks gift card')).toBeInTheDocument();
    expect(screen.getByText('Showing offers everywhere')).toBeInTheDocument();
    expect(getCurrentPosition).not.toHaveBeenCalled();

    await useMyLocation(user);

    expect(await screen.findByText('2.4 mi away')).toBeInTheDocument();
    expect(screen.getByText('Showing offers near you')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Use my location' })).not.toBeInTheDocument();
    expect(getCurrentPosition).toHaveBeenCalledTimes(1);
    expect(getCurrentPosition).toHaveBeenCalledWith(
      expect.any(Function),
      expect.any(Function),
      expect.objectContaining({ timeout: 10_000, maximumAge: 300_000 }),
    );
    const queries = marketplaceQueries(api);
    expect(queries.map((query) => [query.get('lat'), query.get('lng')])).toEqual([
      [null, null],
      ['47.6097', '-122.3422'],
    ]);
  });

  it('uses the position on load, without a click, where the browser already allows it', async () => {
    const getCurrentPosition = mockGeolocation((success) => success(position(47.6097, -122.3422)));
    mockPermission('granted');
    const api = mockMarketplace();
    renderWithProviders(<MarketplacePage />);

    expect(await screen.findByText('Showing offers near you')).toBeInTheDocument();
    await screen.findByRole('region', { name: 'Offers' });
    expect(getCurrentPosition).toHaveBeenCalledTimes(1);
    // Only the nearby offers were asked for: the list did not show everywhere and then change.
    expect(marketplaceQueries(api).map((query) => query.get('lat'))).toEqual(['47.6097']);
  });

  it('waits for the click where the browser would prompt', async () => {
    const getCurrentPosition = mockGeolocation((success) => success(position(47.6097, -122.3422)));
    mockPermission('prompt');
    mockMarketplace();
    renderWithProviders(<MarketplacePage />);

    expect(await screen.findByRole('button', { name: 'Use my location' })).toBeInTheDocument();
    await screen.findByRole('region', { name: 'Offers' });
    expect(getCurrentPosition).not.toHaveBeenCalled();
  });

  it('says when only the nearest offers are listed', async () => {
    mockGeolocation((success) => success(position(40.7128, -74.006)));
    mockMarketplace(
      buildPage([buildPin({ distance_miles: 0.4 })], {
        total: GIFT_LIMITS.marketplaceNearestMax,
        scope: 'nearest',
      }),
    );
    const { user } = renderWithProviders(<MarketplacePage />);
    await useMyLocation(user);

    expect(
      await screen.findByText(
        `Showing 1 of the ${GIFT_LIMITS.marketplaceNearestMax} nearest offers`,
      ),
    ).toBeInTheDocument();
  });

  it('lets the consumer widen the list to offers everywhere and back', async () => {
    mockGeolocation((success) => success(position(47.6097, -122.3422)));
    const api = mockMarketplace();
    const { user } = renderWithProviders(<MarketplacePage />);
    await useMyLocation(user);

    await user.click(await screen.findByRole('button', { name: 'Show offers everywhere' }));
    expect(screen.getByText('Showing offers everywhere')).toBeInTheDocument();
    await waitFor(() => expect(marketplaceQueries(api).at(-1)?.has('lat')).toBe(false));

    await user.click(screen.getByRole('button', { name: 'Show offers near me' }));
    expect(screen.getByText('Showing offers near you')).toBeInTheDocument();
    await waitFor(() => expect(marketplaceQueries(api).at(-1)?.get('lat')).toBe('47.6097'));
  });

  it('shows the brand chips of the place the list is for, near the consumer or everywhere', async () => {
    mockGeolocation((success) => success(position(47.6097, -122.3422)));
    const api = mockMarketplace(buildPage([latte, donut]), {
      [`GET ${MARKETPLACE}/brands`]: (request) =>
        jsonReply(200, request.search.has('lat') ? ['starbucks'] : ['dunkin', 'starbucks']),
    });
    const { user } = renderWithProviders(<MarketplacePage />);
    const chipNames = () =>
      within(screen.getByRole('group', { name: 'Filter by brand' }))
        .getAllByRole('button')
        .map((chip) => chip.textContent);
    await waitFor(() => expect(chipNames()).toEqual(['All Brands', 'Dunkin', 'Starbucks']));
    await useMyLocation(user);

    await waitFor(() => expect(chipNames()).toEqual(['All Brands', 'Starbucks']));
    expect(api.requestsTo('GET', `${MARKETPLACE}/brands`).at(-1)?.search.get('lng')).toBe(
      '-122.3422',
    );

    await user.click(screen.getByRole('button', { name: 'Show offers everywhere' }));
    await waitFor(() => expect(chipNames()).toEqual(['All Brands', 'Dunkin', 'Starbucks']));
  });

  it('keeps showing offers everywhere while the browser finds the position', async () => {
    mockGeolocation(() => {});
    const api = mockMarketplace();
    const { user } = renderWithProviders(<MarketplacePage />);
    await screen.findByText('$10.00 Starbucks gift card');

    await useMyLocation(user);

    expect(screen.getByText('Finding your location…')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Use my location' })).not.toBeInTheDocument();
    expect(screen.getByText('$10.00 Starbucks gift card')).toBeInTheDocument();
    expect(marketplaceQueries(api).map((query) => query.has('lat'))).toEqual([false]);
  });

  it('says how to allow location access when it is denied, and can ask again', async () => {
    let allowed = false;
    const getCurrentPosition = mockGeolocation((success, failure) =>
      allowed ? success(position(47.6097, -122.3422)) : failure(positionError(1)),
    );
    const api = mockMarketplace();
    const { user } = renderWithProviders(<MarketplacePage />);
    await useMyLocation(user);

    expect(
      await screen.findByText(
        "Showing offers everywhere — location access is blocked. To see offers near you, allow location for this site in your browser's settings (the icon beside the address bar), then choose Use my location again.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('$10.00 Starbucks gift card')).toBeInTheDocument();
    expect(screen.queryByText(/mi away/)).not.toBeInTheDocument();
    expect(marketplaceQueries(api).map((query) => Object.fromEntries(query))).toEqual([
      { page: '1', limit: '20' },
    ]);

    // Allowed in the browser's settings, the same button now finds the position.
    allowed = true;
    await useMyLocation(user);
    expect(await screen.findByText('Showing offers near you')).toBeInTheDocument();
    expect(getCurrentPosition).toHaveBeenCalledTimes(2);
  });

  it('says when the position cannot be found', async () => {
    mockGeolocation((_success, failure) => failure(positionError(2)));
    const api = mockMarketplace();
    const { user } = renderWithProviders(<MarketplacePage />);
    await useMyLocation(user);

    expect(
      await screen.findByText('Showing offers everywhere — your location is not available.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Use my location' })).toBeInTheDocument();
    expect(marketplaceQueries(api).every((query) => !query.has('lat'))).toBe(true);
  });

  it('claims a pin once confirmed: posts the claim, says it is in the wallet and refreshes the offers', async () => {
    let answerClaim: (reply: MockReply<'POST /api/pins/:id/claim'>) => void = () => {};
    const api = mockMarketplace(undefined, {
      'POST /api/pins/:id/claim': () =>
        new Promise<MockReply<'POST /api/pins/:id/claim'>>((resolve) => {
          answerClaim = resolve;
        }),
    });
    const { user } = renderWithProviders(<MarketplacePage />);
    await screen.findByRole('region', { name: 'Offers' });

    await user.click(
      within(card('$10.00 Starbucks gift card')).getByRole('button', { name: 'Claim' }),
    );
    // Nothing is claimed until the consumer has seen what Bean Co. will receive.
    const dialog = await screen.findByRole('dialog', { name: 'Claim $10.00 Starbucks gift card' });
    // The form loads when the dialog opens.
    expect(await within(dialog).findByText('Bean Co. will receive:')).toBeInTheDocument();
    expect(api.requestsTo('POST', '/api/pins/7/claim')).toHaveLength(0);
    await user.click(await within(dialog).findByRole('button', { name: 'Claim' }));

    expect(within(dialog).getByRole('button', { name: 'Claiming...' })).toBeDisabled();
    expect(api.requestsTo('POST', '/api/pins/7/claim').map((request) => request.body)).toEqual([
      { sharePhone: false },
    ]);
    expect(api.requestsTo('POST', '/api/pins/8/claim')).toHaveLength(0);
    const before = api.requestsTo('GET', MARKETPLACE).length;

    answerClaim(jsonReply(201, claimResult));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const toast = await findToast('Gift card claimed');
    expect(
      within(toast).getByText('$10.00 Starbucks gift card is now in your wallet'),
    ).toBeInTheDocument();
    expect(
      within(card('$10.00 Starbucks gift card')).getByRole('button', { name: 'Claimed' }),
    ).toBeDisabled();
    await waitFor(() => expect(api.requestsTo('GET', MARKETPLACE).length).toBeGreaterThan(before));
  });

  it("shows the server's message when the claim is refused", async () => {
    mockMarketplace(undefined, {
      'POST /api/pins/:id/claim': jsonReply(409, { message: 'You already claimed this pin' }),
    });
    const { user } = renderWithProviders(<MarketplacePage />);
    await screen.findByRole('region', { name: 'Offers' });

    await user.click(
      within(card('$10.00 Starbucks gift card')).getByRole('button', { name: 'Claim' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Claim $10.00 Starbucks gift card' });
    await user.click(await within(dialog).findByRole('button', { name: 'Claim' }));

    const toast = await findToast('Error');
    expect(within(toast).getByText('You already claimed this pin')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(
      within(card('$10.00 Starbucks gift card')).getByRole('button', { name: 'Claim' }),
    ).toBeEnabled();
  });

  it('shows an error with Try again when the offers cannot be fetched', async () => {
    let fail = true;
    const api = mockMarketplace(() =>
      fail ? jsonReply(500, { message: 'Something went wrong' }) : buildPage([latte]),
    );
    const { user } = renderWithProviders(<MarketplacePage />);

    expect(await screen.findByText('Failed to fetch marketplace pins')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Offers' })).not.toBeInTheDocument();

    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByText('$10.00 Starbucks gift card')).toBeInTheDocument();
    expect(screen.queryByText('Failed to fetch marketplace pins')).not.toBeInTheDocument();
    expect(api.requestsTo('GET', MARKETPLACE)).toHaveLength(2);
  });

  it('says when the brand chips cannot be fetched, and Try again fetches them', async () => {
    let fail = true;
    mockMarketplace(undefined, {
      [`GET ${MARKETPLACE}/brands`]: () =>
        fail
          ? jsonReply(500, { message: 'Something went wrong' })
          : jsonReply(200, brandsOf([latte, donut])),
    });
    const { user } = renderWithProviders(<MarketplacePage />);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to load the brands to filter by.',
    );
    // The offers do not depend on the chips.
    expect(await screen.findByRole('region', { name: 'Offers' })).toBeInTheDocument();

    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    const chips = screen.getByRole('group', { name: 'Filter by brand' });
    expect(await within(chips).findByRole('button', { name: 'Dunkin' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('loads the next page with Load more until every offer is shown', async () => {
    const firstPage = Array.from({ length: 20 }, (_, index) =>
      buildPin({ id: index + 1, message: `Offer ${index + 1}` }),
    );
    const api = mockMarketplace((request) =>
      request.search.get('page') === '2'
        ? buildPage([buildPin({ id: 21, message: 'Offer 21' })], { page: 2, total: 21 })
        : buildPage(firstPage, { total: 21 }),
    );
    const { user } = renderWithProviders(<MarketplacePage />);

    expect(await screen.findByText('Showing 20 of 21 offers')).toBeInTheDocument();
    expect(screen.queryByText('Offer 21')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load more' }));

    expect(await screen.findByText('Offer 21')).toBeInTheDocument();
    expect(screen.getByText('Showing 21 of 21 offers')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(marketplaceQueries(api).map((query) => query.get('page'))).toEqual(['1', '2']);
  });
});

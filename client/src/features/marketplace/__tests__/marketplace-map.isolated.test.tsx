import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { brandColour } from '@shared/constants';
import { type MapProps } from '@/components/map/map-types';
import { jsonReply } from '@/testing/mock-api';
import { findToast, renderWithProviders } from '@/testing/test-utils';
import { MarketplacePage } from '../pages/marketplace-page';
import {
  buildPage,
  buildPin,
  claimResult,
  donut,
  latte,
  marketplaceQueries,
  mockGeolocation,
  mockMarketplace,
  position,
  removeGeolocation,
  useMyLocation,
} from './marketplace-fixtures';

// jsdom draws no maps: a stand-in shows what the page hands Leaflet. Each marker is a button
// named by its title (as Leaflet names it), with its colour; the viewer's position is a line.
vi.mock('@/components/map/leaflet-map', () => ({
  default: ({ label, markers = [], userLocation, selectedId, onSelect }: MapProps) => (
    <div data-testid="map" aria-label={label}>
      {markers.map((marker) => (
        <button
          key={marker.id}
          type="button"
          title={marker.label}
          data-colour={marker.colour}
          data-selected={marker.id === selectedId}
          onClick={() => onSelect?.(marker.id)}
        />
      ))}
      {userLocation && <p>{`You are here: ${userLocation.lat}, ${userLocation.lng}`}</p>}
    </div>
  ),
}));

/** The markers of the (stand-in) map, by title. */
async function markerTitles() {
  const map = await screen.findByTestId('map');
  return within(map)
    .queryAllByRole('button')
    .map((marker) => marker.getAttribute('title'));
}

async function showMap(user: ReturnType<typeof renderWithProviders>['user']) {
  await user.click(screen.getByRole('tab', { name: 'Map' }));
  return screen.findByTestId('map');
}

afterEach(() => {
  removeGeolocation();
});

describe('MarketplacePage', () => {
  describe('on the map', () => {
    const latteTitle = '$10.00 Starbucks gift card at Starbucks Pike Place, Seattle, WA';
    const donutTitle = '$5.00 Dunkin gift card at Dunkin Main St, Boston, MA';

    it('switches between List and Map with tabs, from the keyboard too, and keeps the choice', async () => {
      const api = mockMarketplace((request) =>
        buildPage(request.search.get('search') === 'latte' ? [latte] : [latte, donut]),
      );
      const { user } = renderWithProviders(<MarketplacePage />);
      await screen.findByRole('region', { name: 'Offers' });
      const tabs = screen.getByRole('tablist', { name: 'Show offers as' });
      expect(within(tabs).getByRole('tab', { name: 'List' })).toHaveAttribute(
        'aria-selected',
        'true',
      );

      within(tabs).getByRole('tab', { name: 'List' }).focus();
      await user.keyboard('{ArrowRight}');

      expect(within(tabs).getByRole('tab', { name: 'Map' })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      expect(await screen.findByTestId('map')).toHaveAttribute('aria-label', 'Map of offers');
      expect(screen.queryByRole('region', { name: 'Offers' })).not.toBeInTheDocument();

      // A new search keeps the map.
      await user.type(screen.getByRole('searchbox', { name: 'Search offers' }), 'latte');
      await waitFor(async () => expect(await markerTitles()).toEqual([latteTitle]));
      expect(within(tabs).getByRole('tab', { name: 'Map' })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      // The map used the list's request: the same query, not one of its own.
      expect(marketplaceQueries(api).map((query) => query.get('search'))).toEqual([null, 'latte']);

      await user.click(within(tabs).getByRole('tab', { name: 'List' }));
      expect(await screen.findByRole('region', { name: 'Offers' })).toBeInTheDocument();
      expect(screen.queryByTestId('map')).not.toBeInTheDocument();
    });

    it('shows each offer as a marker in its brand colour, and the same offers in the list under the map', async () => {
      mockMarketplace();
      const { user } = renderWithProviders(<MarketplacePage />);
      await screen.findByRole('region', { name: 'Offers' });
      await showMap(user);

      expect(await markerTitles()).toEqual([latteTitle, donutTitle]);
      expect(screen.getByTitle(latteTitle)).toHaveAttribute(
        'data-colour',
        brandColour('starbucks'),
      );
      expect(screen.getByTitle(donutTitle)).toHaveAttribute('data-colour', brandColour('dunkin'));
      const list = within(screen.getByRole('region', { name: 'Offers on the map' }));
      expect(list.getAllByRole('button').map((item) => item.textContent)).toEqual([
        latteTitle,
        donutTitle,
      ]);
      expect(screen.getByText('Showing 2 of 2 offers')).toBeInTheDocument();
      // Nothing chosen yet: no card, and a hint how to choose one.
      const selected = screen.getByRole('region', { name: 'Selected offer' });
      expect(within(selected).queryByRole('article')).not.toBeInTheDocument();
      expect(selected).toHaveTextContent('Choose a store on the map');
    });

    it('shows the chosen offer’s card with Claim, from a marker or from the list under the map', async () => {
      // Once claimed, the offer is no longer offered to this consumer: the refreshed list lacks it.
      let claimed = false;
      const api = mockMarketplace(() => buildPage(claimed ? [latte] : [latte, donut]), {
        'POST /api/pins/:id/claim': () => {
          claimed = true;
          return jsonReply(201, {
            ...claimResult,
            giftCard: { ...claimResult.giftCard, brand: 'dunkin' },
            pin: { id: 8, remaining: 1 },
          });
        },
      });
      const { user } = renderWithProviders(<MarketplacePage />);
      await screen.findByRole('region', { name: 'Offers' });
      await showMap(user);
      const selected = () => screen.getByRole('region', { name: 'Selected offer' });

      await user.click(screen.getByTitle(latteTitle));
      expect(
        within(selected()).getByRole('article', { name: '$10.00 Starbucks gift card' }),
      ).toBeInTheDocument();
      expect(screen.getByTitle(latteTitle)).toHaveAttribute('data-selected', 'true');
      // The offer's title sits under the section's own heading.
      expect(
        within(selected()).getByRole('heading', { level: 3, name: '$10.00 Starbucks gift card' }),
      ).toBeInTheDocument();

      const list = within(screen.getByRole('region', { name: 'Offers on the map' }));
      await user.click(list.getByRole('button', { name: donutTitle }));
      expect(list.getByRole('button', { name: donutTitle })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      const offer = within(selected()).getByRole('article', { name: '$5.00 Dunkin gift card' });
      expect(within(selected()).queryByText('$10.00 Starbucks gift card')).not.toBeInTheDocument();

      await user.click(within(offer).getByRole('button', { name: 'Claim' }));
      const dialog = await screen.findByRole('dialog', { name: 'Claim $5.00 Dunkin gift card' });
      await user.click(await within(dialog).findByRole('button', { name: 'Claim' }));

      await findToast('Gift card claimed');
      expect(api.requestsTo('POST', '/api/pins/8/claim')).toHaveLength(1);
      // The refreshed offers leave the claimed one off the map; its card stays, saying so.
      await waitFor(async () => expect(await markerTitles()).toEqual([latteTitle]));
      expect(within(selected()).getByRole('button', { name: 'Claimed' })).toBeDisabled();
    });

    it('filters the markers with the brand chips and the search, as the list', async () => {
      mockMarketplace((request) => {
        if (request.search.get('brand') === 'dunkin') return buildPage([donut]);
        if (request.search.get('search') === 'pizza') return buildPage([]);
        return buildPage([latte, donut]);
      });
      const { user } = renderWithProviders(<MarketplacePage />);
      await screen.findByRole('region', { name: 'Offers' });
      await showMap(user);
      await user.click(screen.getByTitle(latteTitle));

      const chips = within(screen.getByRole('group', { name: 'Filter by brand' }));
      await user.click(chips.getByRole('button', { name: 'Dunkin' }));
      await waitFor(async () => expect(await markerTitles()).toEqual([donutTitle]));
      expect(screen.getByText('Showing 1 of 1 offer')).toBeInTheDocument();
      // The chosen offer is filtered out, so its card goes too.
      expect(
        within(screen.getByRole('region', { name: 'Selected offer' })).queryByRole('article'),
      ).not.toBeInTheDocument();

      await user.click(chips.getByRole('button', { name: 'All Brands' }));
      await waitFor(async () => expect(await markerTitles()).toEqual([latteTitle, donutTitle]));

      await user.type(screen.getByRole('searchbox', { name: 'Search offers' }), 'pizza');
      expect(
        await screen.findByText('No offers match your search or brand filter.'),
      ).toBeInTheDocument();
      expect(screen.queryByTestId('map')).not.toBeInTheDocument();
    });

    it('shows the consumer’s position once known', async () => {
      mockGeolocation((success) => success(position(42.3601, -71.0589)));
      mockMarketplace();
      const { user } = renderWithProviders(<MarketplacePage />);
      await screen.findByRole('region', { name: 'Offers' });
      await showMap(user);
      expect(screen.queryByText(/You are here/)).not.toBeInTheDocument();

      await useMyLocation(user);

      expect(await screen.findByText('You are here: 42.3601, -71.0589')).toBeInTheDocument();
    });

    it('puts the offers of each page loaded on the map, with Load more as the list', async () => {
      const firstPage = Array.from({ length: 20 }, (_, index) =>
        buildPin({ id: index + 1, message: `Offer ${index + 1}` }),
      );
      mockMarketplace((request) =>
        request.search.get('page') === '2'
          ? buildPage([buildPin({ id: 21, message: 'Offer 21' })], { page: 2, total: 21 })
          : buildPage(firstPage, { total: 21 }),
      );
      const { user } = renderWithProviders(<MarketplacePage />);
      await screen.findByRole('region', { name: 'Offers' });
      await showMap(user);

      expect(await markerTitles()).toHaveLength(20);
      expect(screen.getByText('Showing 20 of 21 offers')).toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Load more' }));

      expect(await screen.findByText('Showing 21 of 21 offers')).toBeInTheDocument();
      expect(await markerTitles()).toHaveLength(21);
      expect(
        screen.getByTitle('Offer 21 at Starbucks Pike Place, Seattle, WA'),
      ).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    });
  });
});

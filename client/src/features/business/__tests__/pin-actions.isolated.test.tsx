import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { brandColour } from '@shared/constants';
import { type BusinessPin } from '@shared/schema/pins';
import { type MapProps } from '@/components/map/map-types';
import { jsonReply, listReply, mockApi, type MockRoutes } from '@/testing/mock-api';
import { findToast, renderWithProviders } from '@/testing/test-utils';
import { ActivePinsList } from '../components/active-pins-list';
import { buildPin, buildWallet, dashboardStats, wizardRoutes } from './business-fixtures';

// jsdom draws no maps: a stand-in lists what the list hands Leaflet, each marker and circle a line.
vi.mock('@/components/map/leaflet-map', () => ({
  default: ({ label, markers = [], circles = [] }: MapProps) => (
    <div data-testid="map" aria-label={label}>
      <ul aria-label="Markers">
        {markers.map((marker) => (
          <li key={marker.id} data-colour={marker.colour}>
            {marker.label}
          </li>
        ))}
      </ul>
      <ul aria-label="Circles">
        {circles.map((circle) => (
          <li key={circle.id} data-colour={circle.colour}>
            {`${circle.label} | ${circle.radiusMiles} mi | ${circle.lat}, ${circle.lng}`}
          </li>
        ))}
      </ul>
    </div>
  ),
}));

const DAY = 86_400_000;

/**
 * The list over `pins` (the list reads its pins again after each change, from `current`), filtered
 * by status and paged as the server does, so the list and the map each get what they asked for.
 */
function listRoutes(
  current: () => BusinessPin[],
  extra: MockRoutes = {},
  balance = 100,
): MockRoutes {
  return {
    ...wizardRoutes(),
    'GET /api/wallet': jsonReply(200, buildWallet(balance)),
    'GET /api/business/dashboard': jsonReply(200, dashboardStats),
    'GET /api/pins/mine': ({ search }) => {
      const statuses = search.get('status')?.split(',');
      const page = Number(search.get('page') ?? 1);
      const limit = Number(search.get('limit') ?? 20);
      const rows = current().filter((pin) => !statuses || statuses.includes(pin.status));
      return listReply(rows.slice((page - 1) * limit, page * limit), {
        page,
        limit,
        total: rows.length,
      });
    },
    ...extra,
  };
}

async function renderList() {
  const rendered = renderWithProviders(<ActivePinsList />);
  await screen.findByRole('list', { name: 'Active pins' });
  return rendered;
}

const itemOf = (heading: string) =>
  screen.getByRole('heading', { name: heading }).closest('li') as HTMLElement;

const listItemsOf = (container: HTMLElement, name: string) =>
  within(within(container).getByRole('list', { name })).getAllByRole('listitem');

describe('ActivePinsList: the map', () => {
  it('puts each active pin’s store on the map in its brand colour, with a circle of its reach', async () => {
    const pins = [
      buildPin({ id: 7, locationName: 'One Federal Bldg.', radius: 5, lat: 42.355, lng: -71.057 }),
      buildPin({
        id: 8,
        brand: 'dunkin',
        locationName: 'Kenmore Sq',
        radius: 12,
        lat: 42.349,
        lng: -71.095,
      }),
    ];
    mockApi(listRoutes(() => pins));
    await renderList();

    const map = await screen.findByTestId('map');
    expect(map).toHaveAccessibleName('Map of your pins');
    const circles = listItemsOf(map, 'Circles');
    expect(circles.map((circle) => circle.textContent)).toEqual([
      'Starbucks · One Federal Bldg. — 5-mile reach | 5 mi | 42.355, -71.057',
      'Dunkin · Kenmore Sq — 12-mile reach | 12 mi | 42.349, -71.095',
    ]);
    expect(circles.map((circle) => circle.dataset.colour)).toEqual([
      brandColour('starbucks'),
      brandColour('dunkin'),
    ]);
    const markers = listItemsOf(map, 'Markers');
    expect(markers.map((marker) => marker.textContent)).toEqual([
      'Starbucks · One Federal Bldg.',
      'Dunkin · Kenmore Sq',
    ]);
    expect(markers[1]?.dataset.colour).toBe(brandColour('dunkin'));
    expect(screen.getByText(/^2 active pins, each with the circle it reaches\./)).toBeVisible();
  });

  it('shows every active pin, past the list’s first page, and leaves paused and sold-out pins off', async () => {
    // Twelve active pins (two more than a page of the list), one paused, one sold out; newest first.
    const active = Array.from({ length: 12 }, (_, index) =>
      buildPin({ id: 100 + index, locationName: `Store ${index + 1}`, radius: index + 1 }),
    );
    const pins = [
      ...active.slice(0, 6),
      buildPin({ id: 200, locationName: 'Paused Corner', status: 'paused' }),
      buildPin({ id: 201, locationName: 'Sold Out Sq', status: 'exhausted', remaining: 0 }),
      ...active.slice(6),
    ];
    const api = mockApi(listRoutes(() => pins));
    const { user } = await renderList();

    // The list pages through ten of the fourteen pins it can act on...
    expect(listItemsOf(document.body, 'Active pins')).toHaveLength(10);
    // ...while the map holds all twelve active pins, and only those.
    const map = await screen.findByTestId('map');
    const expected = active.map(
      (pin) => `Starbucks · ${pin.locationName} — ${pin.radius}-mile reach`,
    );
    await waitFor(() =>
      expect(
        listItemsOf(map, 'Circles').map((circle) => circle.textContent?.split(' | ')[0]),
      ).toEqual(expected),
    );
    expect(listItemsOf(map, 'Markers').map((marker) => marker.textContent)).toEqual(
      active.map((pin) => `Starbucks · ${pin.locationName}`),
    );
    expect(within(map).queryByText(/Paused Corner|Sold Out Sq/)).not.toBeInTheDocument();
    expect(screen.getByText(/^12 active pins, each with the circle it reaches\./)).toBeVisible();

    // The list beside the map says the same as the markers and circles, one line per pin.
    await user.click(screen.getByText('Show the map as a list'));
    expect(listItemsOf(document.body, 'Pins on the map').map((item) => item.textContent)).toEqual(
      expected,
    );

    const mapRequest = api
      .requestsTo('GET', '/api/pins/mine')
      .find((request) => request.search.get('status') === 'active');
    expect(mapRequest?.search.get('page')).toBe('1');
    expect(mapRequest?.search.get('limit')).toBe('100');

    // The list's next page leaves the map as it was.
    await user.click(screen.getByRole('button', { name: /next/i }));
    await waitFor(() => expect(listItemsOf(document.body, 'Active pins')).toHaveLength(4));
    expect(listItemsOf(map, 'Circles')).toHaveLength(12);
  });

  it('says how many active pins are left off when there are more than one answer holds', async () => {
    const shown = Array.from({ length: 100 }, (_, index) =>
      buildPin({ id: 1000 + index, locationName: `Store ${index + 1}` }),
    );
    mockApi(
      listRoutes(() => shown.slice(0, 1), {
        'GET /api/pins/mine': ({ search }) =>
          search.get('status') === 'active'
            ? listReply(shown, { page: 1, limit: 100, total: 130 })
            : listReply(shown.slice(0, 10), { page: 1, limit: 10, total: 130 }),
      }),
    );
    await renderList();

    expect(
      await screen.findByText(
        /^Showing your newest 100 of 130 active pins, each with the circle it reaches\./,
      ),
    ).toBeVisible();
    expect(listItemsOf(screen.getByTestId('map'), 'Circles')).toHaveLength(100);
  });

  it('says the map is empty when no pin is on offer', async () => {
    mockApi(listRoutes(() => [buildPin({ status: 'paused' })]));
    await renderList();

    expect(
      await screen.findByText(/^None of your pins is on offer right now, so the map is empty/),
    ).toBeVisible();
    expect(within(screen.getByTestId('map')).queryAllByRole('listitem')).toHaveLength(0);
    expect(screen.queryByText('Show the map as a list')).not.toBeInTheDocument();
  });
});

describe('ActivePinsList: Pause and Resume', () => {
  it('Pause pauses the pin: a toast, the Paused status, and Resume in place of Pause', async () => {
    let pin = buildPin();
    const api = mockApi(
      listRoutes(() => [pin], {
        'POST /api/pins/:id/pause': () => {
          pin = { ...pin, status: 'paused' };
          return jsonReply(200, pin);
        },
        'POST /api/pins/:id/resume': () => {
          pin = { ...pin, status: 'active' };
          return jsonReply(200, pin);
        },
      }),
    );
    const { user } = await renderList();

    await user.click(screen.getByRole('button', { name: 'Pause' }));
    await findToast('Pin paused');
    const resume = await screen.findByRole('button', { name: 'Resume' });
    expect(itemOf('Starbucks · $10.00')).toHaveTextContent('Paused');
    expect(screen.queryByRole('button', { name: 'Pause' })).not.toBeInTheDocument();
    expect(api.requestsTo('POST', '/api/pins/7/pause')).toHaveLength(1);

    await user.click(resume);
    await findToast('Pin resumed');
    expect(await screen.findByRole('button', { name: 'Pause' })).toBeVisible();
    expect(api.requestsTo('POST', '/api/pins/7/resume')).toHaveLength(1);
  });

  it('shows the server’s refusal in a toast and keeps the pin as it was', async () => {
    mockApi(
      listRoutes(() => [buildPin()], {
        'POST /api/pins/:id/pause': jsonReply(409, { message: 'This pin is already expired' }),
      }),
    );
    const { user } = await renderList();

    await user.click(screen.getByRole('button', { name: 'Pause' }));
    const toast = await findToast('Failed to pause pin');
    expect(toast).toHaveTextContent('This pin is already expired');
    expect(screen.getByRole('button', { name: 'Pause' })).toBeEnabled();
  });

  it('a sold-out pin offers neither Pause nor Resume, but Extend and Add cards', async () => {
    mockApi(listRoutes(() => [buildPin({ status: 'exhausted', remaining: 0, claimed: 3 })]));
    await renderList();
    const item = itemOf('Starbucks · $10.00');
    expect(item).toHaveTextContent('Sold out');
    expect(within(item).queryByRole('button', { name: /Pause|Resume/ })).not.toBeInTheDocument();
    expect(within(item).getByRole('button', { name: 'Extend' })).toBeVisible();
    expect(within(item).getByRole('button', { name: 'Add cards' })).toBeVisible();
  });
});

describe('ActivePinsList: Extend', () => {
  it('shows the new expiry for the days chosen and extends by them', async () => {
    let pin = buildPin({ expiresAt: '2025-06-02T12:00:00.000Z' });
    const api = mockApi(
      listRoutes(() => [pin], {
        'POST /api/pins/:id/extend': ({ body: { days } }) => {
          pin = {
            ...pin,
            expiresAt: new Date(Date.parse(pin.expiresAt) + days * DAY).toISOString(),
          };
          return jsonReply(200, pin);
        },
      }),
    );
    const { user } = await renderList();

    await user.click(screen.getByRole('button', { name: 'Extend' }));
    const dialog = await screen.findByRole('dialog', { name: 'Extend pin' });
    expect(dialog).toHaveTextContent('now expires Jun 2, 2025');
    expect(within(dialog).getByRole('radio', { name: '7 days' })).toBeChecked();
    expect(dialog).toHaveTextContent('New expiry: Jun 9, 2025');
    await user.click(within(dialog).getByRole('radio', { name: '30 days' }));
    expect(dialog).toHaveTextContent('New expiry: Jul 2, 2025');

    await user.click(within(dialog).getByRole('button', { name: 'Extend Pin' }));
    await findToast('Pin extended');
    expect(api.requestsTo('POST', '/api/pins/7/extend')[0]?.body).toEqual({ days: 30 });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Expires Jul 2, 2025')).toBeVisible();
  });

  it('offers only the lengths that stay within a year from today', async () => {
    mockApi(
      listRoutes(() => [buildPin({ expiresAt: new Date(Date.now() + 300 * DAY).toISOString() })]),
    );
    const { user } = await renderList();
    await user.click(screen.getByRole('button', { name: 'Extend' }));
    const dialog = await screen.findByRole('dialog', { name: 'Extend pin' });
    expect(within(dialog).getByRole('radio', { name: '30 days' })).toBeEnabled();
    expect(within(dialog).getByRole('radio', { name: '90 days' })).toBeDisabled();
  });

  it('shows the server’s refusal in the dialog, which stays open', async () => {
    mockApi(
      listRoutes(() => [buildPin()], {
        'POST /api/pins/:id/extend': jsonReply(400, {
          message: 'A pin can run at most 365 days from today',
          errors: { days: 'A pin can run at most 365 days from today' },
        }),
      }),
    );
    const { user } = await renderList();
    await user.click(screen.getByRole('button', { name: 'Extend' }));
    const dialog = await screen.findByRole('dialog', { name: 'Extend pin' });
    await user.click(within(dialog).getByRole('button', { name: 'Extend Pin' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'A pin can run at most 365 days from today',
    );
    expect(screen.getByRole('dialog', { name: 'Extend pin' })).toBeVisible();
  });
});

describe('ActivePinsList: Add cards', () => {
  it('shows the cost against the wallet and adds the cards', async () => {
    let pin = buildPin({ value: 10, quantity: 3, remaining: 2 });
    const api = mockApi(
      listRoutes(() => [pin], {
        'POST /api/pins/:id/top-up': ({ body: { quantity } }) => {
          pin = { ...pin, quantity: pin.quantity + quantity, remaining: pin.remaining + quantity };
          return jsonReply(200, pin);
        },
      }),
    );
    const { user } = await renderList();

    await user.click(screen.getByRole('button', { name: 'Add cards' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add cards' });
    const quantity = within(dialog).getByLabelText('Cards to add');
    await user.clear(quantity);
    await user.type(quantity, '4');
    expect(dialog).toHaveTextContent('Cost4 × $10.00 = $40.00');
    await waitFor(() => expect(dialog).toHaveTextContent('Wallet balance$100.00'));
    expect(within(dialog).queryByRole('button', { name: 'Add Funds' })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Add Cards' }));
    const toast = await findToast('Cards added');
    expect(toast).toHaveTextContent('4 more cards on your pin: 6 of 7 left to claim.');
    expect(api.requestsTo('POST', '/api/pins/7/top-up')[0]?.body).toEqual({ quantity: 4 });
    expect(await screen.findByText('1/7')).toBeVisible();
  });

  it('when the wallet is short: how much more, Add Funds, and no Add Cards', async () => {
    const api = mockApi(listRoutes(() => [buildPin({ value: 25 })], {}, 60));
    const { user } = await renderList();

    await user.click(screen.getByRole('button', { name: 'Add cards' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add cards' });
    const quantity = within(dialog).getByLabelText('Cards to add');
    await user.clear(quantity);
    await user.type(quantity, '3');
    expect(await within(dialog).findByText('You need $15.00 more.')).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Add Cards' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Add Funds' }));
    expect(await screen.findByRole('dialog', { name: 'Add Funds' })).toBeVisible();
    expect(api.requestsTo('POST', '/api/pins/7/top-up')).toHaveLength(0);
  });

  it('checks the number, and shows the server’s refusal in the dialog', async () => {
    const api = mockApi(
      listRoutes(() => [buildPin({ quantity: 998 })], {
        'POST /api/pins/:id/top-up': jsonReply(409, { message: 'Insufficient funds' }),
      }),
    );
    const { user } = await renderList();

    await user.click(screen.getByRole('button', { name: 'Add cards' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add cards' });
    const quantity = within(dialog).getByLabelText('Cards to add');
    await user.clear(quantity);
    await user.type(quantity, '3');
    await user.click(within(dialog).getByRole('button', { name: 'Add Cards' }));
    expect(within(dialog).getByText('Enter a whole number from 1 to 2')).toBeVisible();
    expect(quantity).toHaveAttribute('aria-invalid', 'true');
    expect(api.requestsTo('POST', '/api/pins/7/top-up')).toHaveLength(0);

    await user.clear(quantity);
    await user.type(quantity, '2');
    await user.click(within(dialog).getByRole('button', { name: 'Add Cards' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Insufficient funds');
    expect(screen.getByRole('dialog', { name: 'Add cards' })).toBeVisible();
  });
});

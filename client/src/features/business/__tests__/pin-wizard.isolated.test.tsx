import { screen, waitFor, within } from '@testing-library/react';
import { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { brandColour } from '@shared/constants';
import { type MapProps } from '@/components/map/map-types';
import { jsonReply, mockApi, pending } from '@/testing/mock-api';
import { findToast, renderWithProviders, toastRegion } from '@/testing/test-utils';
import { PinWizard } from '../components/pin-wizard';
import {
  bostonStores,
  buildPin,
  buildWallet,
  businessSettings,
  wizardRoutes,
} from './business-fixtures';

// Leaflet does not draw in jsdom: the fake shows what the wizard put on the map.
vi.mock('@/components/map/leaflet-map', () => ({
  default: ({ label, markers = [], circles = [] }: MapProps) => (
    <div data-testid="map" aria-label={label}>
      {markers.map((marker) => (
        <p key={marker.id} data-colour={marker.colour}>
          Marker: {marker.label}
        </p>
      ))}
      {circles.map((circle) => (
        <p key={circle.id} data-colour={circle.colour}>
          Circle: {circle.radiusMiles} miles
        </p>
      ))}
    </div>
  ),
}));

function renderWizard() {
  const onSuccess = vi.fn();
  const rendered = renderWithProviders(<PinWizard onSuccess={onSuccess} />);
  return { ...rendered, onSuccess };
}

const select = (label: string) => screen.getByLabelText(label) as HTMLSelectElement;

async function chooseLocation(user: UserEvent, storeId = '101') {
  await waitFor(() => expect(select('Brand')).toBeEnabled());
  await user.selectOptions(select('Brand'), 'starbucks');
  await waitFor(() => expect(select('State')).toBeEnabled());
  await user.selectOptions(select('State'), 'MA');
  await waitFor(() => expect(select('City')).toBeEnabled());
  await user.selectOptions(select('City'), 'Boston');
  await waitFor(() => expect(select('Store Location')).toBeEnabled());
  await user.selectOptions(select('Store Location'), storeId);
}

async function continueTo(user: UserEvent, step: number) {
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  expect(await screen.findByText(`Step ${step} of 5`)).toBeInTheDocument();
}

/** Chooses the first Boston store and walks on to `step` with the defaults. */
async function walkTo(user: UserEvent, step: number) {
  await chooseLocation(user);
  for (let next = 2; next <= step; next += 1) await continueTo(user, next);
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

async function retype(user: UserEvent, label: string, text: string) {
  await user.clear(field(label));
  if (text) await user.type(field(label), text);
}

const fakeMap = async () => within(await screen.findByTestId('map'));

describe('PinWizard: Location Selection', () => {
  it('capitalises a brand that has no display name of its own', async () => {
    mockApi(wizardRoutes({ 'GET /api/locations/brands': jsonReply(200, ['starbucks', 'target']) }));
    renderWizard();

    await waitFor(() => expect(select('Brand')).toBeEnabled());
    expect(
      within(select('Brand'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Select a brand', 'Starbucks', 'Target']);
  });

  it('cascades brand → state → city → store, each disabled until its parent is chosen', async () => {
    mockApi(wizardRoutes());
    const { user } = renderWizard();

    expect(select('Brand')).toHaveDisplayValue('Loading brands...');
    expect(select('Brand')).toBeDisabled();
    await waitFor(() => expect(select('Brand')).toHaveDisplayValue('Select a brand'));
    // Brand names shown capitalised.
    expect(within(select('Brand')).getByRole('option', { name: 'Starbucks' })).toBeInTheDocument();
    expect(select('State')).toHaveDisplayValue('Select a brand first');
    expect(select('State')).toBeDisabled();
    expect(select('City')).toHaveDisplayValue('Select a state first');
    expect(select('City')).toBeDisabled();
    expect(select('Store Location')).toHaveDisplayValue('Select a city first');
    expect(select('Store Location')).toBeDisabled();

    await user.selectOptions(select('Brand'), 'starbucks');
    await waitFor(() => expect(select('State')).toHaveDisplayValue('Select a state'));
    expect(select('State')).toBeEnabled();
    expect(select('City')).toBeDisabled();

    await user.selectOptions(select('State'), 'MA');
    await waitFor(() => expect(select('City')).toHaveDisplayValue('Select a city'));
    await user.selectOptions(select('City'), 'Boston');
    await waitFor(() => expect(select('Store Location')).toHaveDisplayValue('Select a store'));
    await user.selectOptions(select('Store Location'), '102');
    expect(select('Store Location')).toHaveDisplayValue('Starbucks Back Bay, 200 Boylston St');
  });

  it('changing a parent clears its children', async () => {
    mockApi(wizardRoutes());
    const { user } = renderWizard();
    await chooseLocation(user);

    await user.selectOptions(select('State'), 'CA');
    expect(select('State')).toHaveDisplayValue('California');
    await waitFor(() => expect(select('City')).toHaveDisplayValue('Select a city'));
    expect(select('Store Location')).toHaveDisplayValue('Select a city first');
    expect(select('Store Location')).toBeDisabled();

    await user.selectOptions(select('Brand'), 'dunkin');
    await waitFor(() => expect(select('State')).toHaveDisplayValue('Select a state'));
    expect(select('City')).toHaveDisplayValue('Select a state first');
    expect(select('City')).toBeDisabled();
    expect(select('Store Location')).toBeDisabled();
  });

  it('says when a list is empty', async () => {
    mockApi(
      wizardRoutes({
        'GET /api/locations/brands': jsonReply(200, []),
      }),
    );
    renderWizard();
    await waitFor(() => expect(select('Brand')).toHaveDisplayValue('No brands available'));
    expect(select('Brand')).toBeDisabled();
  });

  it.each([
    { level: 'State', text: 'No states available for this brand', brand: 'walmart' },
    {
      level: 'City',
      text: 'No cities available for this state',
      brand: 'starbucks',
      state: 'CA',
      emptyCities: true,
    },
  ])(
    'shows "$text" when $level has no options',
    async ({ level, text, brand, state, emptyCities }) => {
      mockApi(wizardRoutes(emptyCities ? { 'GET /api/locations/cities': jsonReply(200, []) } : {}));
      const { user } = renderWizard();
      await waitFor(() => expect(select('Brand')).toBeEnabled());
      await user.selectOptions(select('Brand'), brand);
      if (state) {
        await waitFor(() => expect(select('State')).toBeEnabled());
        await user.selectOptions(select('State'), state);
      }
      await waitFor(() => expect(select(level)).toHaveDisplayValue(text));
      expect(select(level)).toBeDisabled();
    },
  );

  it('shows "No stores available in this city" for a city without stores', async () => {
    mockApi(wizardRoutes());
    const { user } = renderWizard();
    await waitFor(() => expect(select('Brand')).toBeEnabled());
    await user.selectOptions(select('Brand'), 'starbucks');
    await waitFor(() => expect(select('State')).toBeEnabled());
    await user.selectOptions(select('State'), 'MA');
    await waitFor(() => expect(select('City')).toBeEnabled());
    await user.selectOptions(select('City'), 'Cambridge');
    await waitFor(() =>
      expect(select('Store Location')).toHaveDisplayValue('No stores available in this city'),
    );
  });
});

describe('PinWizard: steps', () => {
  it('shows "Step N of 5"; Back on step 1 calls onSuccess; Continue and Previous move', async () => {
    mockApi(wizardRoutes());
    const { user, onSuccess } = renderWizard();

    expect(screen.getByText('Step 1 of 5')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Previous' })).not.toBeInTheDocument();
    await chooseLocation(user);

    await continueTo(user, 2);
    expect(screen.getByRole('heading', { name: 'Pin Details' })).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
    await continueTo(user, 3);
    await continueTo(user, 4);
    await continueTo(user, 5);
    expect(screen.queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Pin' })).toBeInTheDocument();

    for (const step of [4, 3, 2, 1]) {
      await user.click(screen.getByRole('button', { name: 'Previous' }));
      expect(await screen.findByText(`Step ${step} of 5`)).toBeInTheDocument();
    }
    // Going back keeps what was chosen.
    expect(select('Store Location')).toHaveDisplayValue(bostonStores[0]!.label);
    expect(onSuccess).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(onSuccess).toHaveBeenCalledTimes(1);
  });

  it('Pin Details: defaults, hints, the total to reserve against the balance', async () => {
    mockApi(wizardRoutes({ 'GET /api/wallet': jsonReply(200, buildWallet(25)) }));
    const { user } = renderWizard();
    await walkTo(user, 2);

    expect(screen.getByLabelText('Value ($)')).toHaveValue(10);
    expect(screen.getByLabelText('Quantity')).toHaveValue(1);
    expect(screen.getByLabelText('Quantity')).toHaveAccessibleDescription(
      'number of pins to create',
    );
    expect(screen.getByLabelText('Radius (miles)')).toHaveValue(5);
    expect(screen.getByLabelText('Radius (miles)')).toHaveAccessibleDescription(
      'geographic radius for pin visibility',
    );
    expect(await screen.findByText('$25.00')).toBeInTheDocument();
    expect(screen.getByText('Total to reserve').nextElementSibling).toHaveTextContent('$10.00');
    expect(screen.getByLabelText('Expires in')).toHaveDisplayValue('90 days');
    expect(screen.queryByRole('button', { name: 'Add Funds' })).not.toBeInTheDocument();

    await user.clear(screen.getByLabelText('Quantity'));
    await user.type(screen.getByLabelText('Quantity'), '3');
    expect(screen.getByText('Total to reserve').nextElementSibling).toHaveTextContent('$30.00');
    expect(screen.getByText('You need $5.00 more.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Funds' })).toBeInTheDocument();
  });

  it('Pin Details: a balance that fails to load says so, and Try again loads it', async () => {
    let calls = 0;
    mockApi(
      wizardRoutes({
        'GET /api/wallet': () => {
          calls += 1;
          return calls === 1
            ? jsonReply(500, { message: 'Something went wrong' })
            : jsonReply(200, buildWallet(25));
        },
      }),
    );
    const { user } = renderWizard();
    await walkTo(user, 2);

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load your balance.');
    expect(screen.getByText('Your balance').nextElementSibling).toHaveTextContent('Unavailable');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('$25.00')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('Target Audience: identifiers that fail to load say so, and Try again loads them', async () => {
    let calls = 0;
    mockApi(
      wizardRoutes({
        'GET /api/identifiers': () => {
          calls += 1;
          return calls === 1
            ? jsonReply(500, { message: 'Something went wrong' })
            : jsonReply(200, [
                {
                  id: 1,
                  name: 'Coffee lover',
                  category: 'food & drink',
                  description: null,
                  icon: null,
                },
              ]);
        },
      }),
    );
    const { user } = renderWizard();
    await walkTo(user, 3);

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch identifiers');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('checkbox', { name: 'Coffee lover' })).toBeInTheDocument();
  });

  it('Target Audience: skeletons while loading, then one checkbox per identifier', async () => {
    let answer: () => void = () => {};
    mockApi(
      wizardRoutes({
        'GET /api/identifiers': () =>
          new Promise((resolve) => {
            answer = () =>
              resolve(
                jsonReply(200, [
                  {
                    id: 1,
                    name: 'Coffee lover',
                    category: 'food & drink',
                    description: 'Starts the day with a latte',
                    icon: '☕',
                  },
                ]),
              );
          }),
      }),
    );
    const { user } = renderWizard();
    await walkTo(user, 3);

    expect(screen.getByRole('status', { name: 'Loading identifiers' })).toBeInTheDocument();
    answer();
    const checkbox = await screen.findByRole('checkbox', { name: 'Coffee lover' });
    expect(checkbox).toHaveAccessibleDescription('Starts the day with a latte');
    expect(screen.getByText('Food & drink')).toBeInTheDocument();
    expect(screen.getByText('☕')).toBeInTheDocument();
  });

  it('Message: "Limited to 200 characters" with a live count', async () => {
    mockApi(wizardRoutes());
    const { user } = renderWizard();
    await walkTo(user, 4);

    const message = screen.getByLabelText('Promotion Message');
    expect(screen.getByText('Limited to 200 characters')).toBeInTheDocument();
    expect(screen.getByText('0/200')).toBeInTheDocument();
    await user.type(message, 'Free coffee');
    expect(screen.getByText('11/200')).toBeInTheDocument();
  });

  it('Business Info Display: checked by default, with a preview of the business', async () => {
    mockApi(wizardRoutes());
    const { user } = renderWizard();
    await walkTo(user, 5);

    expect(screen.getByRole('checkbox', { name: 'Show Business Information' })).toBeChecked();
    const preview = screen.getByRole('region', { name: 'Business information preview' });
    expect(within(preview).getByText('Corner Cafe')).toBeInTheDocument();
    expect(within(preview).getByText('hello@cornercafe.example')).toBeInTheDocument();
    expect(within(preview).getByText('+15552223333')).toBeInTheDocument();
    expect(within(preview).getByText('No website on file')).toBeInTheDocument();
    // The sign-in e-mail is not a contact address.
    expect(within(preview).queryByText('owner@cornercafe.example')).not.toBeInTheDocument();
  });

  it('Business Info Display: previews the website and description kept on Settings', async () => {
    mockApi(
      wizardRoutes({
        'GET /api/user/settings': jsonReply(200, {
          ...businessSettings,
          website: 'https://cornercafe.example',
          description: 'Espresso and pastries on the corner since 1998.',
        }),
      }),
    );
    const { user } = renderWizard();
    await walkTo(user, 5);

    const preview = screen.getByRole('region', { name: 'Business information preview' });
    expect(await within(preview).findByText('https://cornercafe.example')).toBeInTheDocument();
    expect(
      within(preview).getByText('Espresso and pastries on the corner since 1998.'),
    ).toBeInTheDocument();
    expect(within(preview).queryByText('No website on file')).not.toBeInTheDocument();
  });
});

describe('PinWizard: Create Pin', () => {
  it('POSTs the spec payload with numbers, the store and its coordinates, then calls onSuccess', async () => {
    let resolvePin: () => void = () => {};
    const api = mockApi(
      wizardRoutes({
        'POST /api/pins': () =>
          new Promise((resolve) => {
            resolvePin = () => resolve(jsonReply(201, buildPin({ quantity: 3, value: 12.5 })));
          }),
      }),
    );
    const { user, onSuccess } = renderWizard();
    await chooseLocation(user, '102');
    await continueTo(user, 2);
    await user.clear(screen.getByLabelText('Value ($)'));
    await user.type(screen.getByLabelText('Value ($)'), '12.50');
    await user.clear(screen.getByLabelText('Quantity'));
    await user.type(screen.getByLabelText('Quantity'), '3');
    await user.clear(screen.getByLabelText('Radius (miles)'));
    await user.type(screen.getByLabelText('Radius (miles)'), '10');
    await user.selectOptions(screen.getByLabelText('Expires in'), '30 days');
    await continueTo(user, 3);
    await user.click(await screen.findByRole('checkbox', { name: 'Student' }));
    await continueTo(user, 4);
    await user.type(screen.getByLabelText('Promotion Message'), 'Coffee on us');
    await continueTo(user, 5);
    await user.click(screen.getByRole('checkbox', { name: 'Show Business Information' }));
    await user.click(screen.getByRole('button', { name: 'Create Pin' }));

    expect(await screen.findByRole('button', { name: 'Creating...' })).toBeDisabled();
    expect(api.requestsTo('POST', '/api/pins')).toHaveLength(1);
    expect(api.requestsTo('POST', '/api/pins')[0]?.body).toEqual({
      brand: 'starbucks',
      value: 12.5,
      quantity: 3,
      radius: 10,
      locationId: 102,
      lat: 42.3519,
      lng: -71.0707,
      promotionMessage: 'Coffee on us',
      targetIdentifiers: [2],
      showBusinessInfo: false,
      expiresInDays: 30,
    });
    resolvePin();
    await findToast('Pin created');
    await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1));
  });

  it('shows "Error creating pin" with the server message, and stays open', async () => {
    mockApi(wizardRoutes({ 'POST /api/pins': jsonReply(409, { message: 'Insufficient funds' }) }));
    const { user, onSuccess } = renderWizard();
    await chooseLocation(user);
    for (const step of [2, 3, 4, 5]) await continueTo(user, step);
    await user.click(screen.getByRole('button', { name: 'Create Pin' }));

    const toast = await findToast('Error creating pin');
    expect(within(toast).getByText('Failed to create pin: Insufficient funds')).toBeInTheDocument();
    expect(onSuccess).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Create Pin' })).toBeEnabled();
  });

  it('says "An unknown error occurred" when the failure has no message', async () => {
    mockApi(wizardRoutes({ 'POST /api/pins': jsonReply(400) }));
    const { user } = renderWizard();
    await chooseLocation(user);
    for (const step of [2, 3, 4, 5]) await continueTo(user, step);
    await user.click(screen.getByRole('button', { name: 'Create Pin' }));

    const toast = await findToast('Error creating pin');
    expect(within(toast).getByText('An unknown error occurred')).toBeInTheDocument();
  });
});

describe('PinWizard: each step checks its own fields', () => {
  it('Location Selection: Continue says what is missing beside the fields and stays', async () => {
    mockApi(wizardRoutes());
    const { user } = renderWizard();
    await waitFor(() => expect(select('Brand')).toBeEnabled());

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Brand is required')).toBeInTheDocument();
    expect(select('Brand')).toHaveAccessibleDescription('Brand is required');
    expect(select('Brand')).toHaveAttribute('aria-invalid', 'true');
    expect(select('Store Location')).toHaveAccessibleDescription('Store location is required');
    expect(select('Brand')).toHaveFocus();
    expect(screen.getByText('Step 1 of 5')).toBeInTheDocument();

    // The brand's message goes as soon as it is chosen; the store still lacks, and focus goes to
    // the first choice on the way to it.
    await user.selectOptions(select('Brand'), 'starbucks');
    await waitFor(() => expect(screen.queryByText('Brand is required')).not.toBeInTheDocument());
    await waitFor(() => expect(select('State')).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(select('State')).toHaveFocus());
    expect(select('Store Location')).toHaveAccessibleDescription('Store location is required');
    expect(screen.getByText('Step 1 of 5')).toBeInTheDocument();

    await chooseLocation(user);
    await continueTo(user, 2);
  });

  it.each([
    { label: 'Value ($)', text: '-5', message: 'Value must be between $5 and $500' },
    { label: 'Value ($)', text: '', message: 'Value must be a number' },
    { label: 'Quantity', text: '2.5', message: 'Quantity must be a whole number' },
    { label: 'Quantity', text: '0', message: 'Quantity must be between 1 and 1,000' },
    { label: 'Radius (miles)', text: '0', message: 'Radius must be between 1 and 100' },
    { label: 'Radius (miles)', text: '101', message: 'Radius must be between 1 and 100' },
  ])(
    'Pin Details: $label "$text" says "$message" beside it and does not advance',
    async ({ label, text, message }) => {
      const api = mockApi(wizardRoutes({ 'POST /api/pins': pending }));
      const { user } = renderWizard();
      await walkTo(user, 2);

      await retype(user, label, text);
      await user.click(screen.getByRole('button', { name: 'Continue' }));
      await waitFor(() =>
        expect(field(label)).toHaveAccessibleDescription(expect.stringContaining(message)),
      );
      expect(field(label)).toHaveFocus();
      expect(screen.getByText('Step 2 of 5')).toBeInTheDocument();
      // Only the field that is wrong says so.
      expect(screen.getAllByText(/must be/)).toHaveLength(1);

      // Fixed, the message goes; Enter in the field acts as Continue.
      await retype(user, label, '7');
      await waitFor(() => expect(screen.queryByText(message)).not.toBeInTheDocument());
      await user.type(field(label), '{Enter}');
      expect(await screen.findByText('Step 3 of 5')).toBeInTheDocument();
      expect(api.requestsTo('POST', '/api/pins')).toHaveLength(0);
    },
  );

  it('Message: over 200 characters says so on Continue and does not advance', async () => {
    mockApi(wizardRoutes());
    const { user } = renderWizard();
    await walkTo(user, 4);

    const message = field('Promotion Message');
    await user.click(message);
    await user.paste('x'.repeat(201));
    expect(screen.getByText('201/200')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(message).toHaveAccessibleDescription(
        expect.stringContaining('Promotion message must be at most 200 characters'),
      ),
    );
    expect(message).toHaveFocus();
    expect(screen.getByText('Step 4 of 5')).toBeInTheDocument();

    await user.type(message, '{Backspace}');
    await continueTo(user, 5);
  });
});

describe('PinWizard: the map', () => {
  it('shows the chosen store in its brand colour, then the reach following the radius', async () => {
    mockApi(wizardRoutes());
    const { user } = renderWizard();
    await waitFor(() => expect(select('Brand')).toBeEnabled());
    expect(screen.queryByTestId('map')).not.toBeInTheDocument();

    await chooseLocation(user, '102');
    const storeMap = await fakeMap();
    const marker = storeMap.getByText('Marker: Starbucks Back Bay, 200 Boylston St');
    expect(marker).toHaveAttribute('data-colour', brandColour('starbucks'));
    expect(storeMap.queryByText(/Circle/)).not.toBeInTheDocument();

    await continueTo(user, 2);
    expect((await fakeMap()).getByText('Circle: 5 miles')).toBeInTheDocument();
    // The list beside the map says the same in words.
    expect(
      screen.getByText('Reach: 5 miles around Starbucks Back Bay, 200 Boylston St'),
    ).toBeInTheDocument();

    await retype(user, 'Radius (miles)', '12');
    expect((await fakeMap()).getByText('Circle: 12 miles')).toBeInTheDocument();
    // While the radius is not one the pin could have, the last good circle stays.
    await retype(user, 'Radius (miles)', '');
    expect((await fakeMap()).getByText('Circle: 12 miles')).toBeInTheDocument();
    await user.type(field('Radius (miles)'), '150');
    expect((await fakeMap()).getByText('Circle: 15 miles')).toBeInTheDocument();
  });
});

describe('PinWizard: funds and expiry on Pin Details', () => {
  it('Add Funds opens right there when the balance is short, and the summary follows', async () => {
    let balance = 25;
    const api = mockApi(
      wizardRoutes({
        'GET /api/wallet': () => jsonReply(200, buildWallet(balance)),
        'GET /api/payments/config': jsonReply(200, {
          mode: 'test',
          tokenizeUrl: '/api/test-payments/tokens',
        }),
        'GET /api/payments/cards': jsonReply(200, [
          { id: 7, brand: 'visa', last4: '4242', expMonth: 12, expYear: 2099, isDefault: true },
        ]),
        'POST /api/wallet/add-funds': () => {
          balance = 125;
          return jsonReply(201, {
            transaction: {
              id: 't9',
              kind: 'add_funds',
              description: 'Added funds (card ending 4242)',
              type: 'received',
              date: '2025-03-04T12:00:00.000Z',
              amount: 100,
              status: 'completed',
            },
            balance,
          });
        },
      }),
    );
    const { user } = renderWizard();
    await walkTo(user, 2);
    await retype(user, 'Quantity', '3');
    expect(await screen.findByText('You need $5.00 more.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add Funds' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Funds' });
    await user.type(await within(dialog).findByLabelText('Amount ($)'), '100');
    await user.click(within(dialog).getByRole('button', { name: 'Add Funds' }));

    await findToast('Funds added');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Add Funds' })).not.toBeInTheDocument(),
    );
    expect(api.requestsTo('POST', '/api/wallet/add-funds')[0]?.body).toEqual({
      amount: 100,
      paymentMethodId: 7,
    });
    await waitFor(() =>
      expect(screen.getByText('Your balance').nextElementSibling).toHaveTextContent('$125.00'),
    );
    expect(screen.queryByText(/You need/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Funds' })).not.toBeInTheDocument();
    // Adding funds did not move the wizard on.
    expect(screen.getByText('Step 2 of 5')).toBeInTheDocument();
  });

  it('Expires in: the choices, the day they make, 90 days unless changed', async () => {
    vi.useFakeTimers({ now: new Date('2026-03-01T12:00:00Z'), toFake: ['Date'] });
    try {
      mockApi(wizardRoutes());
      const { user } = renderWizard();
      await walkTo(user, 2);

      const expiry = select('Expires in');
      expect(
        within(expiry)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['7 days', '14 days', '30 days', '60 days', '90 days', '180 days', '365 days']);
      expect(expiry).toHaveAccessibleDescription('Expires on May 30, 2026');
      await user.selectOptions(expiry, '7 days');
      expect(expiry).toHaveAccessibleDescription('Expires on Mar 8, 2026');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('PinWizard: the summary before Create Pin', () => {
  const summaryOf = () => within(screen.getByRole('region', { name: 'Summary' }));
  const line = (term: string) => summaryOf().getByText(term).nextElementSibling;

  it('reads back brand, store, value × quantity = total, radius, expiry, audience and message', async () => {
    vi.useFakeTimers({ now: new Date('2026-03-01T12:00:00Z'), toFake: ['Date'] });
    try {
      mockApi(wizardRoutes());
      const { user } = renderWizard();
      await chooseLocation(user, '102');
      await continueTo(user, 2);
      await retype(user, 'Value ($)', '12.50');
      await retype(user, 'Quantity', '3');
      await retype(user, 'Radius (miles)', '10');
      await user.selectOptions(select('Expires in'), '30 days');
      await continueTo(user, 3);
      await user.click(await screen.findByRole('checkbox', { name: 'Student' }));
      await user.click(screen.getByRole('checkbox', { name: 'Coffee lover' }));
      await continueTo(user, 4);
      await user.type(field('Promotion Message'), 'Coffee on us');
      await continueTo(user, 5);

      expect(line('Brand')).toHaveTextContent('Starbucks');
      expect(line('Store')).toHaveTextContent('Starbucks Back Bay, 200 Boylston St');
      expect(line('Cards')).toHaveTextContent('$12.50 × 3 = $37.50');
      expect(line('Radius')).toHaveTextContent('10 miles');
      expect(line('Expires')).toHaveTextContent('Mar 31, 2026 (30 days)');
      expect(line('Audience')).toHaveTextContent('Student, Coffee lover');
      expect(line('Message')).toHaveTextContent('Coffee on us');
      expect(screen.getByRole('button', { name: 'Create Pin' })).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('says Everyone and No message when none were chosen', async () => {
    mockApi(wizardRoutes());
    const { user } = renderWizard();
    await walkTo(user, 5);

    expect(line('Cards')).toHaveTextContent('$10.00 × 1 = $10.00');
    expect(line('Radius')).toHaveTextContent('5 miles');
    expect(line('Audience')).toHaveTextContent('Everyone');
    expect(line('Message')).toHaveTextContent('No message');
  });
});

describe('PinWizard: the server refuses a field', () => {
  it('puts its messages beside the fields, back on the step of the first, without a toast', async () => {
    const api = mockApi(
      wizardRoutes({
        'POST /api/pins': jsonReply(400, {
          message: 'The store location does not belong to this brand',
          errors: {
            radius: 'Radius must be between 1 and 100',
            locationId: 'The store location does not belong to this brand',
          },
        }),
      }),
    );
    const { user } = renderWizard();
    await walkTo(user, 5);
    await user.click(screen.getByRole('button', { name: 'Create Pin' }));

    expect(await screen.findByText('Step 1 of 5')).toBeInTheDocument();
    expect(select('Store Location')).toHaveAccessibleDescription(
      'The store location does not belong to this brand',
    );
    await waitFor(() => expect(select('Store Location')).toHaveFocus());
    expect(api.requestsTo('POST', '/api/pins')).toHaveLength(1);
    expect(within(toastRegion()).queryByText('Error creating pin')).not.toBeInTheDocument();

    // The other field's message waits on its own step.
    await continueTo(user, 2);
    expect(field('Radius (miles)')).toHaveAccessibleDescription(
      expect.stringContaining('Radius must be between 1 and 100'),
    );
  });
});

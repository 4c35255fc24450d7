import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type ClaimResult, type MarketplacePin } from '@shared/schema/gift-cards';
import { type CurrentUser } from '@shared/schema/users';
import { brandsFixture, buildUser } from '@/testing/fixtures';
import { jsonReply, mockApi, pending, type MockHandler } from '@/testing/mock-api';
import { findToast, renderWithProviders } from '@/testing/test-utils';
import { MarketplacePinCard } from '../marketplace-pin-card';

function buildPin(overrides: Partial<MarketplacePin> = {}): MarketplacePin {
  return {
    id: 3,
    brand: 'starbucks',
    value: 12.5,
    message: '$12.50 Starbucks gift card',
    promotion_message: 'Your morning latte is on us',
    display_business_name: true,
    business_contact: {
      email: 'hello@bean.example',
      phone: '+1 (555) 222-3333',
      website: 'https://bean.example/about',
      description: 'Small-batch coffee since 2009.',
    },
    business_name: 'Bean Co.',
    sender_name: 'Bean Co.',
    location_name: 'Starbucks Pike Place',
    street: '1912 Pike Pl',
    city: 'Seattle',
    state: 'WA',
    lat: 47.6097,
    lng: -122.3422,
    expiration_date: '2030-06-15T12:00:00.000Z',
    remaining: 3,
    distance_miles: 0.84,
    recommended: true,
    ...overrides,
  };
}

function renderCard(pin: MarketplacePin) {
  mockApi({ 'GET /api/brands': jsonReply(200, brandsFixture) });
  renderWithProviders(<MarketplacePinCard pin={pin} />);
  return screen.getByRole('article', { name: pin.message });
}

describe('MarketplacePinCard', () => {
  it("shows the offer: the brand's logo, value, promotion, place, distance, cards left and expiry", async () => {
    const card = renderCard(buildPin());

    // The logo keyword comes with the brands: ☕ for Starbucks' 'coffee'.
    await waitFor(() =>
      expect(within(card).getByRole('img', { name: 'Starbucks' })).toHaveTextContent('☕'),
    );
    expect(within(card).getByRole('heading', { level: 2 })).toHaveTextContent(
      '$12.50 Starbucks gift card',
    );
    expect(within(card).getByText('$12.50')).toBeInTheDocument();
    expect(within(card).getByText('“Your morning latte is on us”')).toBeInTheDocument();
    expect(within(card).getByText('Starbucks Pike Place, Seattle, WA')).toBeInTheDocument();
    expect(within(card).getByText('0.8 mi away')).toBeInTheDocument();
    expect(within(card).getByText('3 left')).toBeInTheDocument();
    expect(within(card).getByText('Expires Jun 15, 2030')).toBeInTheDocument();
    expect(within(card).getByText('Offered by Bean Co.')).toBeInTheDocument();
    // The business's own details, as it keeps them on Settings.
    expect(within(card).getByText('Small-batch coffee since 2009.')).toBeInTheDocument();
    const website = within(card).getByRole('link', { name: /^Website: bean\.example/ });
    expect(website).toHaveAttribute('href', 'https://bean.example/about');
    expect(website).toHaveAttribute('target', '_blank');
    expect(website).toHaveAttribute('rel', expect.stringContaining('noopener'));
    expect(within(card).getByRole('link', { name: 'Email: hello@bean.example' })).toHaveAttribute(
      'href',
      'mailto:hello@bean.example',
    );
    expect(within(card).getByRole('link', { name: 'Phone: +1 (555) 222-3333' })).toHaveAttribute(
      'href',
      'tel:+15552223333',
    );
    expect(within(card).getByText('Recommended for you')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Claim' })).toHaveAccessibleDescription(
      '$12.50 Starbucks gift card',
    );
  });

  it('leaves out what the pin does not have or the business chose not to show', () => {
    const card = renderCard(
      buildPin({
        brand: 'acme',
        message: '$5.00 acme gift card',
        promotion_message: '',
        display_business_name: false,
        business_name: '',
        business_contact: null,
        distance_miles: undefined,
        recommended: false,
      }),
    );

    expect(within(card).getByRole('img', { name: 'acme' })).toHaveTextContent('🎁');
    expect(within(card).queryByText(/Offered by/)).not.toBeInTheDocument();
    expect(within(card).queryByRole('link')).not.toBeInTheDocument();
    expect(within(card).queryByText(/mi away/)).not.toBeInTheDocument();
    expect(within(card).queryByText(/“/)).not.toBeInTheDocument();
    expect(within(card).queryByText('Recommended for you')).not.toBeInTheDocument();
  });

  it('cannot be claimed once sold out', () => {
    const card = renderCard(buildPin({ remaining: 0 }));

    expect(within(card).getByText('0 left')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Sold out' })).toBeDisabled();
  });
});

const claimResult: ClaimResult = {
  giftCard: {
    id: 99,
    sender_name: 'Bean Co.',
    brand: 'starbucks',
    value: 12.5,
    balance: 12.5,
    status: 'active',
    source: 'pin_claim',
    promotional: true,
    message: '',
    expires: '2030-06-15T12:00:00.000Z',
    created_at: '2025-03-01T12:00:00.000Z',
  },
  pin: { id: 3, remaining: 2 },
};

/** The card signed in as `user`, with the claim answered by `claim`; opens the confirmation. */
async function openClaim(
  pin: MarketplacePin,
  user: CurrentUser | null = buildUser({ phone: '+15551234567' }),
  claim: MockHandler<'POST /api/pins/:id/claim'> = jsonReply(201, claimResult),
) {
  const api = mockApi({
    'GET /api/brands': jsonReply(200, brandsFixture),
    'GET /api/user': user ? jsonReply(200, user) : pending,
    'POST /api/pins/:id/claim': claim,
  });
  const view = renderWithProviders(<MarketplacePinCard pin={pin} />);
  const claimButton = within(screen.getByRole('article', { name: pin.message })).getByRole(
    'button',
    { name: 'Claim' },
  );
  await view.user.click(claimButton);
  const dialog = await screen.findByRole('dialog', { name: `Claim ${pin.message}` });
  // The form loads when the dialog first opens (a skeleton of the details meanwhile).
  await within(dialog).findByText(/ will receive:$/);
  return { ...view, api, dialog, claimButton };
}

/** What the dialog says the business will receive, label by label. */
function sharedDetails(dialog: HTMLElement) {
  const list = dialog.querySelector('dl');
  if (!list) throw new Error('The dialog lists no details');
  return within(list)
    .getAllByRole('term')
    .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
}

describe('MarketplacePinCard: the claim confirmation', () => {
  it('shows who receives what: name and e-mail, the phone not shared until ticked', async () => {
    const { dialog, api } = await openClaim(buildPin());

    expect(dialog).toHaveAccessibleDescription(
      'Claiming shares your contact details with Bean Co., so it can reach you about its offers.',
    );
    expect(within(dialog).getByText('Bean Co. will receive:')).toBeInTheDocument();
    await waitFor(() =>
      expect(sharedDetails(dialog)).toEqual([
        ['Name', 'Casey Consumer'],
        ['Email', 'casey@example.com'],
        ['Phone', 'Not shared'],
      ]),
    );
    const share = within(dialog).getByRole('checkbox', { name: 'Share my phone number' });
    expect(share).not.toBeChecked();
    expect(share).toHaveAccessibleDescription('+15551234567');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: 'Claim' })).toBeEnabled();
    expect(api.requestsTo('POST', '/api/pins/3/claim')).toHaveLength(0);
  });

  it('claims without the phone unless the box is ticked', async () => {
    const { dialog, api, user } = await openClaim(buildPin());

    await user.click(await within(dialog).findByRole('button', { name: 'Claim' }));

    await findToast('Gift card claimed');
    expect(api.requestsTo('POST', '/api/pins/3/claim').map((request) => request.body)).toEqual([
      { sharePhone: false },
    ]);
  });

  it('ticked from the keyboard, the list shows the phone and the claim shares it', async () => {
    const { dialog, api, user } = await openClaim(buildPin());
    const share = await within(dialog).findByRole('checkbox', { name: 'Share my phone number' });

    share.focus();
    await user.keyboard(' ');
    expect(share).toBeChecked();
    expect(sharedDetails(dialog)).toContainEqual(['Phone', '+15551234567']);
    await user.tab();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Claim' })).toHaveFocus();
    await user.keyboard('{Enter}');

    await findToast('Gift card claimed');
    expect(api.requestsTo('POST', '/api/pins/3/claim').map((request) => request.body)).toEqual([
      { sharePhone: true },
    ]);
    expect(screen.getByRole('button', { name: 'Claimed' })).toBeDisabled();
  });

  it('without a phone on the account: no box, a note, and nothing to share', async () => {
    const { dialog, api, user } = await openClaim(buildPin(), buildUser({ phone: null }));

    expect(
      await within(dialog).findByText(
        'There is no phone number on your account, so none is shared.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(sharedDetails(dialog)).toContainEqual(['Phone', 'Not shared']);
    await user.click(within(dialog).getByRole('button', { name: 'Claim' }));

    await findToast('Gift card claimed');
    expect(api.requestsTo('POST', '/api/pins/3/claim').map((request) => request.body)).toEqual([
      { sharePhone: false },
    ]);
  });

  it('Cancel claims nothing and gives the focus back to the Claim button', async () => {
    const { dialog, api, user, claimButton } = await openClaim(buildPin());

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(claimButton).toHaveFocus();
    expect(claimButton).toHaveTextContent('Claim');
    expect(api.requestsTo('POST', '/api/pins/3/claim')).toHaveLength(0);
  });

  it('names the business even when the offer does not show it, and waits for the account', async () => {
    const { dialog } = await openClaim(
      buildPin({ display_business_name: false, business_name: '', business_contact: null }),
      null,
    );

    expect(within(dialog).getByText('Bean Co. will receive:')).toBeInTheDocument();
    expect(
      within(dialog).getByRole('status', { name: 'Loading your details' }),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Claim' })).toBeDisabled();
  });

  it('stays open while the claim runs, and cannot be dismissed', async () => {
    const { dialog, user } = await openClaim(buildPin(), undefined, pending);

    await user.click(await within(dialog).findByRole('button', { name: 'Claim' }));
    expect(within(dialog).getByRole('button', { name: 'Claiming...' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(within(dialog).getByRole('checkbox', { name: 'Share my phone number' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});

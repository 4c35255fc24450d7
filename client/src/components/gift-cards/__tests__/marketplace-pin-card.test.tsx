import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type MarketplacePin } from '@shared/schema/gift-cards';
import { brandsFixture } from '@/testing/fixtures';
import { jsonReply, mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/test-utils';
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

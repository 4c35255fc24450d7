import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type ProfileSettings } from '@shared/schema/profile-settings';
import { brandsFixture, buildProfileSettings } from '@/testing/fixtures';
import { jsonReply, mockApi } from '@/testing/mock-api';
import { findToast, renderWithProviders } from '@/testing/test-utils';
import { AcceptedBrandsSection } from '../components/accepted-brands-section';

function renderSection(settings: ProfileSettings) {
  const api = mockApi({
    'GET /api/user/settings': jsonReply(200, settings),
    'GET /api/brands': jsonReply(200, brandsFixture),
    'PATCH /api/user/settings': (request) =>
      jsonReply(200, { ...settings, ...(request.body as Partial<ProfileSettings>) }),
  });
  return { api, ...renderWithProviders(<AcceptedBrandsSection />) };
}

const business = buildProfileSettings({
  type: 'business',
  name: 'Bean Street Coffee',
  brands: [],
  acceptedBrands: ['starbucks'],
});

describe("Settings: 'Brands you accept' (business)", () => {
  it('shows the brands the counter accepts and saves a new choice', async () => {
    const { api, user } = renderSection(business);
    const section = await screen.findByRole('region', { name: 'Brands you accept' });
    const brands = await within(section).findByRole('group', { name: 'Brands you accept' });
    expect(within(brands).getByRole('button', { name: 'Starbucks' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const save = within(section).getByRole('button', { name: 'Save Brands' });
    expect(save).toBeDisabled();

    await user.click(within(brands).getByRole('button', { name: 'Dunkin' }));
    await user.click(save);

    await findToast('Brands saved');
    expect(api.requestsTo('PATCH', '/api/user/settings')[0]?.body).toEqual({
      acceptedBrands: ['starbucks', 'dunkin'],
    });
    expect(within(section).getByRole('link', { name: 'Redeem' })).toHaveAttribute(
      'href',
      '/redeem',
    );
  });

  it('saves none at all (a business may accept only its pins’ brands)', async () => {
    const { api, user } = renderSection(business);
    const brands = await screen.findByRole('group', { name: 'Brands you accept' });
    await user.click(within(brands).getByRole('button', { name: 'Starbucks' }));
    await user.click(screen.getByRole('button', { name: 'Save Brands' }));
    await waitFor(() =>
      expect(api.requestsTo('PATCH', '/api/user/settings')[0]?.body).toEqual({
        acceptedBrands: [],
      }),
    );
  });

  it('is not there for a consumer', async () => {
    const { api } = renderSection(buildProfileSettings());
    await waitFor(() => expect(api.requestsTo('GET', '/api/user/settings')).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'Brands you accept' })).not.toBeInTheDocument();
  });
});

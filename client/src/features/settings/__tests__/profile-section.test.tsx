import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authContracts } from '@shared/contracts/auth';
import { postsContracts } from '@shared/contracts/posts';
import { type ProfileSettings } from '@shared/schema/profile-settings';
import {
  brandsFixture,
  buildProfileSettings,
  buildUser,
  identifiersFixture,
} from '@/testing/fixtures';
import { queryKeyOf } from '@/lib/query-client';
import { jsonReply, mockApi, pending, type MockRoutes } from '@/testing/mock-api';
import { findToast, renderWithProviders } from '@/testing/test-utils';
import { ProfileSection } from '../components/profile-section';

const AVATAR_URL = '/uploads/0123456789abcdef0123456789abcdef.webp';

function renderSection(
  settings: ProfileSettings = buildProfileSettings(),
  routes: MockRoutes = {},
) {
  const api = mockApi({
    'GET /api/user': jsonReply(200, buildUser()),
    'GET /api/user/settings': jsonReply(200, settings),
    'GET /api/brands': jsonReply(200, brandsFixture),
    'GET /api/identifiers': jsonReply(200, identifiersFixture),
    // Saving answers the profile with what was sent applied.
    'PATCH /api/user/settings': (request) =>
      jsonReply(200, { ...settings, ...(request.body as Partial<ProfileSettings>) }),
    ...routes,
  });
  return { api, ...renderWithProviders(<ProfileSection />) };
}

const save = () => screen.getByRole('button', { name: 'Save profile' });

describe('Profile section (consumer)', () => {
  it('shows the profile as saved, then saves a new name, phone, brands and identifiers', async () => {
    const { api, user, queryClient } = renderSection();
    expect(screen.getByRole('status', { name: 'Loading your profile' })).toBeInTheDocument();

    const name = await screen.findByLabelText('Full Name');
    expect(screen.getByRole('heading', { name: 'Profile' })).toBeInTheDocument();
    expect(name).toHaveValue('Casey Consumer');
    expect(screen.getByLabelText('Username')).toHaveValue('casey');
    expect(screen.getByLabelText('Phone Number')).toHaveValue('+15551234567');
    const brands = await screen.findByRole('group', { name: 'Favourite Brands' });
    expect(await within(brands).findByRole('button', { name: /Starbucks/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await user.clear(name);
    await user.type(name, 'Casey Renamed');
    await user.clear(screen.getByLabelText('Phone Number'));
    await user.type(screen.getByLabelText('Phone Number'), '(555) 987-6543');
    await user.click(within(brands).getByRole('button', { name: /Dunkin/ }));
    await user.click(await screen.findByRole('button', { name: /Student/ }));
    // Cached elsewhere in the app: the navigation's user and the Pin Board.
    queryClient.setQueryData(queryKeyOf(authContracts.user), buildUser());
    queryClient.setQueryData(queryKeyOf(postsContracts.feed), { pages: [], pageParams: [] });
    await user.click(save());

    expect(await findToast('Profile saved')).toBeInTheDocument();
    expect(api.requestsTo('PATCH', '/api/user/settings')[0]?.body).toEqual({
      name: 'Casey Renamed',
      username: 'casey',
      phone: '(555) 987-6543',
      brands: ['starbucks', 'dunkin'],
      identifiers: [2],
    });
    // The navigation and the posts show the new name: both are read again.
    expect(queryClient.getQueryState(queryKeyOf(authContracts.user))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(queryKeyOf(postsContracts.feed))?.isInvalidated).toBe(true);
  });

  it("checks registration's rules before sending anything", async () => {
    const { api, user } = renderSection();
    const username = await screen.findByLabelText('Username');
    await user.clear(username);
    await user.type(username, 'ab');
    await user.clear(screen.getByLabelText('Full Name'));
    await user.clear(screen.getByLabelText('Phone Number'));
    await user.type(screen.getByLabelText('Phone Number'), 'call me');
    const brands = await screen.findByRole('group', { name: 'Favourite Brands' });
    await user.click(await within(brands).findByRole('button', { name: /Starbucks/ }));
    await user.click(save());

    expect(await screen.findByText('Username must be at least 3 characters')).toBeInTheDocument();
    expect(screen.getByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Valid phone number is required')).toBeInTheDocument();
    expect(screen.getByText('Please select at least one brand')).toBeInTheDocument();
    expect(brands).toHaveAccessibleDescription('Please select at least one brand');
    expect(username).toHaveAttribute('aria-invalid', 'true');
    expect(api.requestsTo('PATCH', '/api/user/settings')).toHaveLength(0);
  });

  it('shows a username someone else has beside the field', async () => {
    const { user } = renderSection(undefined, {
      'PATCH /api/user/settings': jsonReply(409, {
        message: 'Username is already taken',
        errors: { username: 'Username is already taken' },
      }),
    });
    const username = await screen.findByLabelText('Username');
    await user.clear(username);
    await user.type(username, 'liam_carter');
    await user.click(save());

    expect(await findToast('Failed to save your profile')).toHaveTextContent(
      'Username is already taken',
    );
    expect(username).toHaveAccessibleDescription('Username is already taken');
    expect(username).toHaveValue('liam_carter');
  });

  it('uploads a new picture as an avatar and saves it with the profile', async () => {
    const { api, user } = renderSection(undefined, {
      'POST /api/uploads': jsonReply(201, {
        url: AVATAR_URL,
        contentType: 'image/webp',
        size: 1200,
      }),
    });
    const picker = await screen.findByLabelText('Upload picture');
    await user.upload(picker, new File(['png'], 'me.png', { type: 'image/png' }));

    expect(await screen.findByText(/Not saved yet/)).toBeInTheDocument();
    const [sent] = api.requestsTo('POST', '/api/uploads');
    expect((sent?.body as FormData).get('purpose')).toBe('avatar');
    expect(screen.getByLabelText('Change picture')).toBeInTheDocument();

    await user.click(save());
    expect(await findToast('Profile saved')).toBeInTheDocument();
    expect(api.requestsTo('PATCH', '/api/user/settings')[0]?.body).toMatchObject({
      profilePicture: AVATAR_URL,
    });
    await waitFor(() => expect(screen.queryByText(/Not saved yet/)).not.toBeInTheDocument());
  });

  it('removes the picture when asked', async () => {
    const { api, user } = renderSection(buildProfileSettings({ profilePicture: AVATAR_URL }));
    await user.click(await screen.findByRole('button', { name: 'Remove picture' }));
    // The focus goes to the control beside the button that is gone.
    await waitFor(() => expect(screen.getByLabelText('Upload picture')).toHaveFocus());
    await user.click(save());
    await findToast('Profile saved');
    expect(api.requestsTo('PATCH', '/api/user/settings')[0]?.body).toMatchObject({
      profilePicture: null,
    });
  });

  it('says when the profile cannot be loaded, and tries again', async () => {
    let fail = true;
    const { user } = renderSection(undefined, {
      'GET /api/user/settings': () =>
        fail
          ? jsonReply(500, { message: 'Internal error' })
          : jsonReply(200, buildProfileSettings()),
    });
    expect(
      await screen.findByText('Failed to load your profile. Please try again.'),
    ).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('Full Name')).toHaveValue('Casey Consumer');
  });

  it('shows the skeleton while loading', () => {
    renderSection(undefined, { 'GET /api/user/settings': pending });
    expect(screen.getByRole('status', { name: 'Loading your profile' })).toBeInTheDocument();
  });
});

describe('Profile section (business)', () => {
  const business = buildProfileSettings({
    type: 'business',
    name: 'Corner Cafe',
    username: 'cornercafe',
    phone: null,
    brands: [],
  });

  it("edits a business's contact details and description, not brands", async () => {
    const { api, user } = renderSection(business);
    expect(await screen.findByLabelText('Business Name')).toHaveValue('Corner Cafe');
    expect(screen.queryByRole('group', { name: 'Favourite Brands' })).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('Contact Email'), 'hello@cornercafe.example');
    await user.type(screen.getByLabelText('Website'), 'cornercafe.example');
    await user.type(screen.getByLabelText('Description'), 'Espresso since 1998.');
    expect(screen.getByText('20/280 characters')).toBeInTheDocument();
    await user.click(save());
    expect(
      await screen.findByText('Website must be a full address starting with http:// or https://'),
    ).toBeInTheDocument();
    expect(api.requestsTo('PATCH', '/api/user/settings')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Website'));
    await user.type(screen.getByLabelText('Website'), 'https://cornercafe.example');
    await user.click(save());
    await findToast('Profile saved');
    expect(api.requestsTo('PATCH', '/api/user/settings')[0]?.body).toEqual({
      name: 'Corner Cafe',
      username: 'cornercafe',
      phone: '',
      contactEmail: 'hello@cornercafe.example',
      website: 'https://cornercafe.example',
      description: 'Espresso since 1998.',
    });
  });
});

import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUser } from '@/testing/fixtures';
import { jsonReply, mockApi, pending, type MockHandler } from '@/testing/mock-api';
import { findToast } from '@/testing/test-utils';
import { ada, buildProfile, casey, profileRoutes, renderProfilePage } from './profile-fixtures';

// The gift dialog has its own tests; a stand-in shows exactly what the page hands it.
vi.mock('../components/guest-gift-dialog', () => ({
  GuestGiftDialog: ({
    open,
    recipient,
  }: {
    open: boolean;
    recipient: { username: string; brands: string[] };
  }) =>
    open ? (
      <div role="dialog" aria-label="Guest gift">
        {`to @${recipient.username} brands ${recipient.brands.join(',') || 'none'}`}
      </div>
    ) : null,
}));

const profileUrl = () => `${window.location.origin}/u/ada`;

async function findName(name = 'Ada Lovelace') {
  return screen.findByRole('heading', { level: 1, name: new RegExp(`^${name}`) });
}

async function openMenu(user: ReturnType<typeof renderProfilePage>['user']) {
  await user.click(await screen.findByRole('button', { name: 'More options' }));
  return screen.findByRole('menu');
}

afterEach(() => {
  vi.useRealTimers();
});

describe('ProfilePage', () => {
  it('shows the public profile: name, badge, username, friends, brands and QR code', async () => {
    // Even if the server sent private fields, the page shows none of them.
    mockApi(
      profileRoutes({
        profile: jsonReply(200, {
          ...ada,
          brands: ['starbucks', 'dunkin', 'target'],
          email: 'ada@example.com',
          phone: '+15550001111',
        }),
      }),
    );
    renderProfilePage();

    expect(screen.getByRole('status', { name: 'Loading profile' })).toBeInTheDocument();
    const heading = await findName();
    expect(within(heading).getByRole('img', { name: 'Verified' })).toBeInTheDocument();
    expect(screen.getByText('@ada')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '3 friends' })).toHaveAttribute('href', '/friends/ada');

    const brands = within(screen.getByRole('region', { name: 'Favourite Brands' }));
    expect(brands.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Starbucks',
      'Dunkin',
      'Target',
    ]);

    expect(
      screen.getByRole('img', { name: "QR code linking to Ada Lovelace's profile" }),
    ).toHaveAttribute('src', '/api/user/qr-code/ada');
    expect(screen.getByText('Scan to Connect!')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Share' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy Link' })).toBeInTheDocument();

    expect(document.body).not.toHaveTextContent('ada@example.com');
    expect(document.body).not.toHaveTextContent('+15550001111');
    expect(document.title).toBe('Ada Lovelace (@ada) · mark.it');
  });

  it('says "1 friend", leaves out the badge of an unverified user and shows initials', async () => {
    mockApi(
      profileRoutes({
        profile: jsonReply(200, buildProfile({ friendsCount: 1, verified: false, brands: [] })),
      }),
    );
    const { user } = renderProfilePage();

    const heading = await findName();
    expect(within(heading).queryByRole('img', { name: 'Verified' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: '1 friend' })).toBeInTheDocument();
    expect(screen.getByText('No favourite brands yet.')).toBeInTheDocument();

    await user.click(
      screen.getByRole('button', { name: "Enlarge Ada Lovelace's profile picture" }),
    );
    const enlarged = await screen.findByRole('dialog', { name: 'Ada Lovelace' });
    expect(within(enlarged).getByText('AL')).toBeInTheDocument();
  });

  it('enlarges the profile picture when it is tapped', async () => {
    mockApi(
      profileRoutes({
        profile: jsonReply(
          200,
          buildProfile({ profilePicture: 'https://cdn.example.com/ada.webp' }),
        ),
      }),
    );
    const { user } = renderProfilePage();
    await findName();

    await user.click(
      screen.getByRole('button', { name: "Enlarge Ada Lovelace's profile picture" }),
    );
    const enlarged = await screen.findByRole('dialog', { name: 'Ada Lovelace' });
    // The pictures are decorative (the name is the dialog's title), so they are found by tag.
    expect(enlarged.querySelector('img')).toHaveAttribute(
      'src',
      'https://cdn.example.com/ada.webp',
    );
  });

  describe('copy link', () => {
    it('copies the absolute profile URL, says Copied for 2 s and records the share', async () => {
      const api = mockApi(profileRoutes());
      renderProfilePage();
      await findName();

      // Fake clocks from the click on, so the 2 s are measured exactly.
      vi.useFakeTimers();
      fireEvent.click(screen.getByRole('button', { name: 'Copy Link' }));
      await act(() => vi.advanceTimersByTimeAsync(0));
      expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();

      await act(() => vi.advanceTimersByTimeAsync(1999));
      expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();
      await act(() => vi.advanceTimersByTimeAsync(1));
      expect(screen.getByRole('button', { name: 'Copy Link' })).toBeInTheDocument();
      vi.useRealTimers();

      await expect(navigator.clipboard.readText()).resolves.toBe(profileUrl());
      expect(within(await findToast('Link copied')).getByText(profileUrl())).toBeInTheDocument();
      await waitFor(() =>
        expect(api.requestsTo('POST', '/api/analytics/share').map((r) => r.body)).toEqual([
          { platform: 'copy', profileUsername: 'ada' },
        ]),
      );
      expect(screen.queryByRole('button', { name: 'Copied' })).not.toBeInTheDocument();
    });

    it('tells the visitor when copying fails and records nothing', async () => {
      const api = mockApi(profileRoutes());
      const { user } = renderProfilePage();
      await findName();
      vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('Denied'));

      await user.click(screen.getByRole('button', { name: 'Copy Link' }));

      const toast = await findToast('Failed to copy');
      expect(toast).toHaveTextContent('Please try again');
      expect(screen.getByRole('button', { name: 'Copy Link' })).toBeInTheDocument();
      expect(api.requestsTo('POST', '/api/analytics/share')).toHaveLength(0);
    });
  });

  describe('signed out', () => {
    it('offers Send a Gift, Share Profile and a Follow link to /auth', async () => {
      mockApi(profileRoutes());
      const { user } = renderProfilePage();
      await findName();

      expect(screen.getByRole('link', { name: 'Follow' })).toHaveAttribute('href', '/auth');
      expect(screen.getByRole('button', { name: 'Share Profile' })).toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Send a Gift' }));
      expect(
        await screen.findByRole('dialog', { name: 'Guest gift' }, { timeout: 5_000 }),
      ).toHaveTextContent('to @ada brands starbucks,dunkin');
    });

    it('says in one sentence what mark.it is and that no account is needed', async () => {
      mockApi(profileRoutes());
      renderProfilePage();
      await findName();

      expect(
        screen.getByText(
          'mark.it is where friends and local businesses send gift cards — send Ada Lovelace one, no account needed.',
        ),
      ).toBeInTheDocument();
    });

    it('sends Report Profile to sign in first', async () => {
      mockApi(profileRoutes());
      const { user, currentPath } = renderProfilePage();
      await findName();

      const menu = await openMenu(user);
      await user.click(within(menu).getByRole('menuitem', { name: 'Report Profile' }));

      await waitFor(() => expect(currentPath()).toBe('/auth'));
    });
  });

  describe('signed in', () => {
    it('shows no Follow button on someone else’s profile', async () => {
      mockApi(profileRoutes({ viewer: jsonReply(200, casey) }));
      renderProfilePage();
      await findName();

      expect(screen.getByRole('button', { name: 'Send a Gift' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Share Profile' })).toBeInTheDocument();
      expect(screen.queryByRole('link', { name: 'Follow' })).not.toBeInTheDocument();
      // The welcome is for guests; a member knows what mark.it is.
      expect(screen.queryByText(/mark\.it is where/)).not.toBeInTheDocument();
    });

    it('hides Report, Send a Gift and the QR actions on your own profile', async () => {
      mockApi(
        profileRoutes({
          viewer: jsonReply(200, buildUser({ username: 'Ada', name: 'Ada Lovelace' })),
        }),
      );
      const { user } = renderProfilePage();
      await findName();

      expect(screen.queryByRole('button', { name: 'Send a Gift' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Share Profile' })).not.toBeInTheDocument();
      expect(screen.queryByRole('link', { name: 'Follow' })).not.toBeInTheDocument();

      const menu = await openMenu(user);
      expect(within(menu).getByRole('menuitem', { name: 'Share Profile' })).toBeInTheDocument();
      expect(
        within(menu).queryByRole('menuitem', { name: 'Report Profile' }),
      ).not.toBeInTheDocument();

      await user.click(within(menu).getByRole('menuitem', { name: 'Show QR Code' }));
      const dialog = await screen.findByRole('dialog', { name: 'QR Code' });
      expect(within(dialog).getByText('Scan to Connect!')).toBeInTheDocument();
      expect(within(dialog).queryByRole('button', { name: 'Send Gift' })).not.toBeInTheDocument();
      expect(within(dialog).queryByRole('link', { name: 'Add Friend' })).not.toBeInTheDocument();
    });

    it('offers Send a Gift on a business profile too, with no brands to choose', async () => {
      mockApi(
        profileRoutes({
          viewer: jsonReply(200, casey),
          profile: jsonReply(200, buildProfile({ type: 'business', brands: ['starbucks'] })),
        }),
      );
      const { user } = renderProfilePage();
      await findName();

      expect(screen.getByRole('button', { name: 'Share Profile' })).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Send a Gift' }));
      expect(
        await screen.findByRole('dialog', { name: 'Guest gift' }, { timeout: 5_000 }),
      ).toHaveTextContent('to @ada brands none');
    });
  });

  describe('QR code dialog', () => {
    it('opens from the menu with Send Gift and Add Friend, and records a QR share', async () => {
      const api = mockApi(profileRoutes());
      const { user } = renderProfilePage();
      await findName();

      const menu = await openMenu(user);
      await user.click(within(menu).getByRole('menuitem', { name: 'Show QR Code' }));

      const dialog = await screen.findByRole('dialog', { name: 'QR Code' });
      expect(within(dialog).getByRole('img', { name: /QR code linking/ })).toHaveAttribute(
        'src',
        '/api/user/qr-code/ada',
      );
      expect(within(dialog).getByRole('link', { name: 'Add Friend' })).toHaveAttribute(
        'href',
        '/friends/ada',
      );
      await waitFor(() =>
        expect(api.requestsTo('POST', '/api/analytics/share').map((r) => r.body)).toEqual([
          { platform: 'qr', profileUsername: 'ada' },
        ]),
      );

      await user.click(within(dialog).getByRole('button', { name: 'Send Gift' }));
      expect(
        await screen.findByRole('dialog', { name: 'Guest gift' }, { timeout: 5_000 }),
      ).toHaveTextContent('to @ada');
      expect(screen.queryByRole('dialog', { name: 'QR Code' })).not.toBeInTheDocument();
    });

    it('shows the failure message when the QR image cannot load', async () => {
      mockApi(profileRoutes());
      renderProfilePage();
      await findName();

      fireEvent.error(screen.getByRole('img', { name: /QR code linking/ }));

      expect(
        screen.getByText('Unable to load QR code. Please try refreshing the page.'),
      ).toBeInTheDocument();
      expect(screen.queryByRole('img', { name: /QR code linking/ })).not.toBeInTheDocument();
    });
  });

  describe('report', () => {
    async function openReport(
      report: MockHandler<'POST /api/users/:username/report'> = jsonReply(201, {
        id: 7,
        reason: 'spam',
        status: 'open',
      }),
    ) {
      const api = mockApi(
        profileRoutes({
          viewer: jsonReply(200, casey),
          'POST /api/users/:username/report': report,
        }),
      );
      const rendered = renderProfilePage();
      await findName();
      const menu = await openMenu(rendered.user);
      await rendered.user.click(within(menu).getByRole('menuitem', { name: 'Report Profile' }));
      const dialog = await screen.findByRole('dialog', { name: 'Report Profile' });
      return { ...rendered, api, dialog };
    }

    it('sends the reason and details, thanks the reporter and closes', async () => {
      const { user, api, dialog } = await openReport();

      await user.click(within(dialog).getByRole('radio', { name: 'Spam or scam' }));
      await user.type(within(dialog).getByLabelText('Details (optional)'), 'Sells fake cards');
      expect(within(dialog).getByText('16/500 characters')).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Submit Report' }));

      const toast = await findToast('Report received');
      expect(toast).toHaveTextContent('Thank you. Our team will review this profile.');
      expect(api.requestsTo('POST', '/api/users/ada/report').map((r) => r.body)).toEqual([
        { reason: 'spam', details: 'Sells fake cards' },
      ]);
      await waitFor(() =>
        expect(screen.queryByRole('dialog', { name: 'Report Profile' })).not.toBeInTheDocument(),
      );
    });

    it('asks for a reason before sending anything', async () => {
      const { user, api, dialog } = await openReport();

      await user.click(within(dialog).getByRole('button', { name: 'Submit Report' }));

      expect(await within(dialog).findByText('Choose a reason for the report')).toBeInTheDocument();
      expect(api.requestsTo('POST', '/api/users/ada/report')).toHaveLength(0);
    });

    it('shows the server message when the profile was already reported, and stays open', async () => {
      const { user, dialog } = await openReport(
        jsonReply(409, {
          message: 'You have already reported this profile; we are looking into it',
        }),
      );

      await user.click(within(dialog).getByRole('radio', { name: 'Harassment or bullying' }));
      await user.click(within(dialog).getByRole('button', { name: 'Submit Report' }));

      const toast = await findToast('Error');
      expect(toast).toHaveTextContent(
        'You have already reported this profile; we are looking into it',
      );
      expect(screen.getByRole('dialog', { name: 'Report Profile' })).toBeInTheDocument();
      expect(within(dialog).getByRole('button', { name: 'Submit Report' })).toBeEnabled();
    });

    it('shows Submitting... while the report is sent', async () => {
      const { user, dialog } = await openReport(pending);

      await user.click(within(dialog).getByRole('radio', { name: 'Something else' }));
      await user.click(within(dialog).getByRole('button', { name: 'Submit Report' }));

      expect(await within(dialog).findByRole('button', { name: 'Submitting...' })).toBeDisabled();
    });
  });

  describe('loading failures', () => {
    it('shows Profile Not Found with Return Home for an unknown username, without retrying', async () => {
      const api = mockApi(
        profileRoutes({ profile: jsonReply(404, { message: 'Profile not found' }) }),
      );
      renderProfilePage('nobody');

      expect(await screen.findByRole('heading', { name: 'Profile Not Found' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Return Home' })).toHaveAttribute('href', '/');
      expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
      expect(api.requestsTo('GET', '/api/user/profile/nobody')).toHaveLength(1);
      expect(document.title).toBe('Profile Not Found · mark.it');
    });

    it('asks once more after a server error before showing Profile Not Found', async () => {
      let serverUp = false;
      const api = mockApi(
        profileRoutes({
          profile: () =>
            serverUp ? jsonReply(200, ada) : jsonReply(500, { message: 'Something went wrong' }),
        }),
      );
      const { user } = renderProfilePage();

      expect(
        await screen.findByRole('heading', { name: 'Profile Not Found' }, { timeout: 4000 }),
      ).toBeInTheDocument();
      expect(api.requestsTo('GET', '/api/user/profile/ada')).toHaveLength(2);
      expect(screen.getByRole('link', { name: 'Return Home' })).toHaveAttribute('href', '/');

      // A later try that works shows the profile.
      serverUp = true;
      await user.click(screen.getByRole('button', { name: 'Try again' }));
      expect(await findName()).toBeInTheDocument();
    });

    it('shows the skeleton while the profile loads', async () => {
      mockApi(profileRoutes({ profile: pending }));
      renderProfilePage();

      expect(await screen.findByRole('status', { name: 'Loading profile' })).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Profile Not Found' })).not.toBeInTheDocument();
    });
  });
});

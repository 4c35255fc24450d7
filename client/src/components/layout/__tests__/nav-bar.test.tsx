import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Route, Switch } from 'wouter';
import { type CurrentUser } from '@shared/schema/users';
import { buildUser } from '@/testing/fixtures';
import { jsonReply, mockApi } from '@/testing/mock-api';
import { findToast, renderWithProviders } from '@/testing/test-utils';
import { ProtectedRoute } from '../protected-route';

function HomeScreen() {
  return <p>Home screen</p>;
}

function renderSignedIn(user: CurrentUser, routes: Parameters<typeof mockApi>[0] = {}) {
  let signedIn = true;
  const api = mockApi({
    'GET /api/user': () =>
      signedIn ? jsonReply(200, user) : jsonReply(401, { message: 'Not signed in' }),
    'POST /api/logout': () => {
      signedIn = false;
      return jsonReply(200, { message: 'Logged out successfully' });
    },
    ...routes,
  });
  const rendered = renderWithProviders(
    <Switch>
      <Route path="/auth">
        <p>Sign-in screen</p>
      </Route>
      <ProtectedRoute path="/" component={HomeScreen} />
    </Switch>,
  );
  return { ...rendered, api };
}

describe('Navigation', () => {
  it.each([
    {
      type: 'consumer' as const,
      links: [
        'Home',
        'Friends',
        'Social Feed',
        'Leaderboard',
        'Marketplace',
        'Wallet',
        'Messages',
        'Notifications',
      ],
      mobileLinks: ['Home', 'Friends', 'Social', 'Market'],
    },
    {
      type: 'business' as const,
      links: [
        'Home',
        'Friends',
        'Social Feed',
        'Leads',
        'Redeem',
        'Wallet',
        'Messages',
        'Notifications',
      ],
      mobileLinks: ['Home', 'Friends', 'Social', 'Wallet'],
    },
  ])(
    'links a $type only to pages that exist ($links), plus the account menu',
    async ({ type, links, mobileLinks }) => {
      renderSignedIn(buildUser({ type }));
      await screen.findByText('Home screen');

      const main = screen.getByRole('navigation', { name: 'Main' });
      expect(
        within(main)
          .getAllByRole('link')
          .map((link) => link.textContent),
      ).toEqual(links);
      const mobile = screen.getByRole('navigation', { name: 'Mobile' });
      expect(
        within(mobile)
          .getAllByRole('link')
          .map((link) => link.textContent),
      ).toEqual(mobileLinks);
      expect(within(main).getByRole('link', { name: 'Home' })).toHaveAttribute(
        'aria-current',
        'page',
      );
      expect(screen.getByRole('link', { name: 'mark.it' })).toHaveAttribute('href', '/');
      expect(screen.getByRole('button', { name: 'Account menu' })).toBeInTheDocument();
    },
  );

  it("opens the pages the phone's bottom bar has no room for from Menu", async () => {
    const { user } = renderSignedIn(buildUser({ type: 'consumer' }));
    await screen.findByText('Home screen');

    const menu = screen.getByRole('button', { name: 'Menu' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('navigation', { name: 'More' })).not.toBeInTheDocument();
    await user.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    const more = screen.getByRole('navigation', { name: 'More' });
    expect(
      within(more)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Leaderboard', 'Wallet', 'Messages', 'Notifications']);
  });

  it('gives a business Leads, Redeem and Notifications under Menu', async () => {
    const { user } = renderSignedIn(buildUser({ type: 'business' }));
    await screen.findByText('Home screen');

    await user.click(screen.getByRole('button', { name: 'Menu' }));
    const more = screen.getByRole('navigation', { name: 'More' });
    expect(
      within(more)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Leads', 'Redeem', 'Messages', 'Notifications']);
    expect(within(more).getByRole('link', { name: 'Notifications' })).toHaveAttribute(
      'href',
      '/notifications',
    );
  });

  it('shows the unread count on Notifications and on Menu', async () => {
    const { user } = renderSignedIn(buildUser({ type: 'consumer' }), {
      'GET /api/notifications/unread-count': jsonReply(200, { unread: 3 }),
    });
    await screen.findByText('Home screen');

    const main = screen.getByRole('navigation', { name: 'Main' });
    expect(
      await within(main).findByRole('link', { name: 'Notifications 3 unread' }),
    ).toHaveAttribute('href', '/notifications');
    const menu = screen.getByRole('button', { name: 'Menu 3 unread' });
    await user.click(menu);
    const more = screen.getByRole('navigation', { name: 'More' });
    expect(within(more).getByRole('link', { name: 'Notifications 3 unread' })).toBeInTheDocument();
  });

  it('shows the unread messages count on Messages, and with the notifications on Menu', async () => {
    const { user } = renderSignedIn(buildUser({ type: 'business' }), {
      'GET /api/notifications/unread-count': jsonReply(200, { unread: 1 }),
      'GET /api/messages/unread-count': jsonReply(200, { count: 4 }),
    });
    await screen.findByText('Home screen');

    const main = screen.getByRole('navigation', { name: 'Main' });
    expect(await within(main).findByRole('link', { name: 'Messages 4 unread' })).toHaveAttribute(
      'href',
      '/messages',
    );
    await user.click(await screen.findByRole('button', { name: 'Menu 5 unread' }));
    const more = screen.getByRole('navigation', { name: 'More' });
    expect(within(more).getByRole('link', { name: 'Messages 4 unread' })).toBeInTheDocument();
  });

  it('shows no badge when nothing is unread', async () => {
    const { api } = renderSignedIn(buildUser({ type: 'consumer' }), {
      'GET /api/notifications/unread-count': jsonReply(200, { unread: 0 }),
    });
    await screen.findByText('Home screen');
    await waitFor(() =>
      expect(api.requestsTo('GET', '/api/notifications/unread-count')).not.toHaveLength(0),
    );

    const main = screen.getByRole('navigation', { name: 'Main' });
    expect(within(main).getByRole('link', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Menu' })).toBeInTheDocument();
  });

  it('keeps the badge live: a streamed notification toasts and raises the count', async () => {
    const streams: FakeEventSource[] = [];
    class FakeEventSource {
      readonly listeners = new Map<string, (event: MessageEvent) => void>();
      closed = false;
      constructor(
        readonly url: string,
        readonly init?: EventSourceInit,
      ) {
        streams.push(this);
      }
      addEventListener(type: string, listener: (event: MessageEvent) => void) {
        this.listeners.set(type, listener);
      }
      close() {
        this.closed = true;
      }
    }
    vi.stubGlobal('EventSource', FakeEventSource);
    let unread = 1;
    renderSignedIn(buildUser({ type: 'consumer' }), {
      'GET /api/notifications/unread-count': () => jsonReply(200, { unread }),
    });
    await screen.findByText('Home screen');
    const main = screen.getByRole('navigation', { name: 'Main' });
    await within(main).findByRole('link', { name: 'Notifications 1 unread' });
    const stream = streams.at(-1)!;
    expect(stream.url).toBe('/api/notifications/stream');
    expect(stream.init).toEqual({ withCredentials: true });

    unread = 2;
    act(() => {
      stream.listeners.get('open')?.(new MessageEvent('open'));
      stream.listeners.get('notification')?.(
        new MessageEvent('notification', {
          data: JSON.stringify({ id: 9, message: 'Bo Brown requested a gift card', read: false }),
        }),
      );
    });

    expect(await findToast('New notification')).toHaveTextContent('Bo Brown requested a gift card');
    expect(
      await within(main).findByRole('link', { name: 'Notifications 2 unread' }),
    ).toBeInTheDocument();
  });

  it("shows the signed-in user's name and username", async () => {
    renderSignedIn(buildUser({ name: 'Casey Consumer', username: 'casey' }));
    await screen.findByText('Home screen');

    expect(screen.getByText('Casey Consumer')).toBeInTheDocument();
    expect(screen.getByText('@casey')).toBeInTheDocument();
  });

  it.each(['consumer', 'business'] as const)(
    'opens Settings from the account menu of a %s, by pointer or keyboard',
    async (type) => {
      const { user, currentPath } = renderSignedIn(buildUser({ type, name: 'Casey Consumer' }));
      await screen.findByText('Home screen');

      const trigger = screen.getByRole('button', { name: 'Account menu' });
      expect(trigger).toHaveAttribute('aria-expanded', 'false');
      await user.click(trigger);
      const menu = await screen.findByRole('menu');
      expect(
        within(menu)
          .getAllByRole('menuitem')
          .map((item) => item.textContent),
      ).toEqual(['Settings', 'Logout']);
      expect(within(menu).getByRole('menuitem', { name: 'Settings' })).toHaveAttribute(
        'href',
        '/settings',
      );
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());

      trigger.focus();
      await user.keyboard('{Enter}');
      await screen.findByRole('menu');
      await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Settings' })).toHaveFocus());
      await user.keyboard('{Enter}');
      expect(currentPath()).toBe('/settings');
    },
  );

  it('logs out, says so and goes to /auth', async () => {
    const { user, api, currentPath } = renderSignedIn(buildUser());
    await screen.findByText('Home screen');

    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));

    expect(await screen.findByText('Sign-in screen')).toBeInTheDocument();
    expect(currentPath()).toBe('/auth');
    expect(await findToast('Success')).toHaveTextContent('Logged out successfully');
    expect(api.requestsTo('POST', '/api/logout')[0]?.body).toEqual({});
  });

  it('stays signed in and reports a failed logout', async () => {
    const { user, currentPath } = renderSignedIn(buildUser(), {
      'POST /api/logout': jsonReply(500, { message: 'Could not end the session' }),
    });
    await screen.findByText('Home screen');

    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));

    expect(await findToast('Logout Failed')).toHaveTextContent('Could not end the session');
    expect(currentPath()).toBe('/');
    expect(screen.getByText('Home screen')).toBeInTheDocument();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type SignedInSession } from '@shared/schema/account';
import { jsonReply, mockApi, pending, type MockRoutes } from '@/testing/mock-api';
import { findToast, renderWithProviders } from '@/testing/test-utils';
import { SessionsSection } from '../components/sessions-section';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const thisOne: SignedInSession = {
  id: 'session-this',
  device: 'Chrome on macOS',
  signedInAt: minutesAgo(60),
  lastUsedAt: minutesAgo(0),
  current: true,
  remembered: false,
};
const phone: SignedInSession = {
  id: 'session-phone',
  device: 'Safari on iOS',
  signedInAt: minutesAgo(3 * 24 * 60),
  lastUsedAt: minutesAgo(5),
  current: false,
  remembered: true,
};
const laptop: SignedInSession = {
  id: 'session-laptop',
  device: 'Firefox on Windows',
  signedInAt: null,
  lastUsedAt: minutesAgo(120),
  current: false,
  remembered: false,
};

function renderSection(routes: MockRoutes) {
  const api = mockApi(routes);
  return { api, ...renderWithProviders(<SessionsSection />) };
}

describe('Signed-in sessions section', () => {
  it('lists the sessions with their devices and marks this one', async () => {
    renderSection({ 'GET /api/user/sessions': jsonReply(200, [thisOne, phone, laptop]) });
    const list = await screen.findByRole('list', { name: 'Sessions' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('Chrome on macOS');
    expect(rows[0]).toHaveTextContent('This device');
    expect(rows[0]).toHaveTextContent('Last used now');
    expect(within(rows[0]!).queryByRole('button')).not.toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('Safari on iOS');
    expect(rows[1]).toHaveTextContent('Last used 5 minutes ago');
    expect(rows[1]).toHaveTextContent('Kept signed in');
    expect(rows[1]).not.toHaveTextContent('This device');
    expect(rows[2]).toHaveTextContent('Last used 2 hours ago');
  });

  it('signs out one session and reads the list again', async () => {
    let listed = [thisOne, phone, laptop];
    const { api, user } = renderSection({
      'GET /api/user/sessions': () => jsonReply(200, listed),
      'DELETE /api/user/sessions/:id': ({ params }) => {
        listed = listed.filter((session) => session.id !== params.id);
        return { status: 204 };
      },
    });
    await user.click(
      await screen.findByRole('button', {
        name: 'Sign out Safari on iOS, last used 5 minutes ago',
      }),
    );
    expect(await findToast('Signed out')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Safari on iOS')).not.toBeInTheDocument());
    expect(api.requestsTo('DELETE', '/api/user/sessions/session-phone')).toHaveLength(1);
  });

  it('signs out everywhere else', async () => {
    let listed = [thisOne, phone, laptop];
    const { user } = renderSection({
      'GET /api/user/sessions': () => jsonReply(200, listed),
      'POST /api/user/sessions/sign-out-others': () => {
        listed = [thisOne];
        return jsonReply(200, { ended: 2 });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Sign out everywhere else' }));
    expect(await findToast('Signed out everywhere else')).toHaveTextContent(
      '2 other sessions ended.',
    );
    expect(await screen.findByText('You are not signed in anywhere else.')).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Sign out everywhere else' }),
    ).not.toBeInTheDocument();
  });

  it('says when the session is already gone', async () => {
    const { user } = renderSection({
      'GET /api/user/sessions': jsonReply(200, [thisOne, phone]),
      'DELETE /api/user/sessions/:id': jsonReply(404, { message: 'Session not found' }),
    });
    await user.click(await screen.findByRole('button', { name: /^Sign out Safari on iOS/ }));
    expect(await findToast('Failed to sign out that session')).toHaveTextContent(
      'Session not found',
    );
  });

  it('shows a skeleton while loading and an error with Try again', async () => {
    let fail = true;
    const { user } = renderSection({
      'GET /api/user/sessions': () =>
        fail ? jsonReply(500, { message: 'Something went wrong' }) : jsonReply(200, [thisOne]),
    });
    expect(screen.getByRole('status', { name: 'Loading sessions' })).toBeInTheDocument();
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Chrome on macOS')).toBeInTheDocument();
  });

  it('keeps the skeleton while the list is on its way', () => {
    renderSection({ 'GET /api/user/sessions': () => pending() });
    expect(screen.getByRole('status', { name: 'Loading sessions' })).toBeInTheDocument();
  });
});

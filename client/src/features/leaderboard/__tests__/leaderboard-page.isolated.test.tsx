import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type LeaderboardEntry, type LeaderboardStanding } from '@shared/schema/gift-cards';
import { buildUser } from '@/testing/fixtures';
import { jsonReply, mockApi, pending, type MockHandler } from '@/testing/mock-api';
import { findToast, renderWithProviders } from '@/testing/test-utils';
import { LeaderboardPage } from '../pages/leaderboard-page';

// The dialog is another slice's component; a stand-in shows exactly what the page hands it.
vi.mock('@/components/gift-cards/send-gift-dialog', () => ({
  SendGiftDialog: ({
    open,
    recipient,
  }: {
    open: boolean;
    recipient?: { username: string; name: string };
  }) =>
    open ? (
      <div role="dialog" aria-label="Send Gift">
        {recipient ? `to ${recipient.name} (@${recipient.username})` : 'no recipient'}
      </div>
    ) : null,
}));

/** The signed-in consumer is Casey (id 1). */
const casey = buildUser({ id: 1, name: 'Casey Consumer', username: 'casey' });

function entry(overrides: Partial<LeaderboardEntry> & Pick<LeaderboardEntry, 'id'>) {
  return {
    name: `User ${overrides.id}`,
    username: `user${overrides.id}`,
    profile_picture: null,
    total_value: 0,
    ...overrides,
  } satisfies LeaderboardEntry;
}

const monthEntries: LeaderboardEntry[] = [
  entry({
    id: 10,
    name: 'Alice Able',
    username: 'alice',
    total_value: 250.75,
    profile_picture: '/uploads/alice.jpg',
  }),
  entry({ id: 1, name: 'Casey Consumer', username: 'casey', total_value: 120 }),
  entry({
    id: 12,
    name: 'Dana Doe',
    username: 'dana',
    total_value: 80.9,
    profile_picture: 'https://cdn.example.com/dana.webp',
  }),
  entry({ id: 13, name: 'Eve Evans', username: 'eve', total_value: 10 }),
];

const weekEntries: LeaderboardEntry[] = [
  entry({ id: 13, name: 'Eve Evans', username: 'eve', total_value: 45 }),
];

function standing(overrides: Partial<LeaderboardStanding> = {}): LeaderboardStanding {
  return {
    period: 'month',
    rank: 2,
    points: 120,
    rankedUsers: 8,
    pointsToNextRank: 131,
    ...overrides,
  };
}

type Routes = {
  board?: MockHandler<'GET /api/gift-cards/leaderboard'>;
  me?: MockHandler<'GET /api/gift-cards/leaderboard/me'>;
  share?: MockHandler<'POST /api/posts/leaderboard'>;
};

function renderPage({ board, me, share }: Routes = {}) {
  const api = mockApi({
    'GET /api/user': jsonReply(200, casey),
    'GET /api/gift-cards/leaderboard':
      board ??
      ((request) =>
        jsonReply(200, request.search.get('period') === 'week' ? weekEntries : monthEntries)),
    'GET /api/gift-cards/leaderboard/me':
      me ??
      ((request) =>
        jsonReply(
          200,
          request.search.get('period') === 'week'
            ? standing({
                period: 'week',
                rank: null,
                points: 0,
                rankedUsers: 1,
                pointsToNextRank: 0,
              })
            : standing(),
        )),
    'POST /api/posts/leaderboard':
      share ??
      jsonReply(201, {
        id: 40,
        userId: 1,
        user: { name: 'Casey Consumer', username: 'casey', profilePicture: null, verified: false },
        content: 'I am #2 on the gifting leaderboard this month!',
        createdAt: '2025-06-01T00:00:00.000Z',
        attachmentUrl: null,
        attachmentType: null,
        mentionedUserIds: [],
        likes: 0,
        commentCount: 0,
        isLiked: false,
        isPinned: false,
        isLeaderboardPost: true,
        comments: [],
      }),
  });
  return { api, ...renderWithProviders(<LeaderboardPage />, { path: '/leaderboard' }) };
}

const table = () => screen.findByRole('table', { name: 'Leaderboard' });

/** The body rows of the table, header excluded. */
async function bodyRows() {
  const [, ...rows] = within(await table()).getAllByRole('row');
  return rows;
}

describe('LeaderboardPage', () => {
  it("asks for this month's board and this month's standing by default", async () => {
    const { api } = renderPage();

    expect(
      screen.getByRole('heading', { level: 1, name: 'Gifting Leaderboard' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Top gifters this month')).toBeInTheDocument();
    expect(screen.getByLabelText('Period')).toHaveDisplayValue('This Month');
    expect(
      within(screen.getByLabelText('Period'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['This Month', 'This Week', 'This Year', 'All Time']);

    await table();
    const [boardRequest] = api.requestsTo('GET', '/api/gift-cards/leaderboard');
    expect(boardRequest!.search.get('period')).toBe('month');
    expect(boardRequest!.search.get('limit')).toBe('50');
    const [standingRequest] = api.requestsTo('GET', '/api/gift-cards/leaderboard/me');
    expect(standingRequest!.search.get('period')).toBe('month');
  });

  it('shows skeletons while the board loads', async () => {
    renderPage({ board: pending, me: pending });
    expect(await screen.findByRole('status', { name: 'Loading leaderboard' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading your stats' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('puts the top three on the podium: 2nd left, 1st centre, 3rd right', async () => {
    renderPage();

    const podium = await screen.findByRole('list', { name: 'Top gifters' });
    const places = within(podium).getAllByRole('listitem');
    expect(places).toHaveLength(3);
    expect(places[0]).toHaveTextContent('2nd place: Casey Consumer120 points');
    expect(places[1]).toHaveTextContent('1st place: Alice Able250 points');
    expect(places[2]).toHaveTextContent('3rd place: Dana Doe80 points');
    // Alice's /uploads/ picture is ignored for her initials; Dana's picture is used.
    expect(places[1]).toHaveTextContent('AA');
    expect(places[1]!.querySelector('img')).toBeNull();
    expect(places[2]!.querySelector('img')).toHaveAttribute(
      'src',
      'https://cdn.example.com/dana.webp',
    );
  });

  it('shows only the places there are when fewer than three have sent gifts', async () => {
    renderPage({ board: jsonReply(200, monthEntries.slice(0, 2)) });

    const podium = await screen.findByRole('list', { name: 'Top gifters' });
    const places = within(podium).getAllByRole('listitem');
    expect(places.map((place) => place.textContent)).toEqual([
      expect.stringContaining('Casey Consumer'),
      expect.stringContaining('Alice Able'),
    ]);
  });

  it('lists every gifter with rank, name and @username, whole points and a profile link', async () => {
    renderPage();

    const headers = within(await table())
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Rank', 'User', 'Points', 'Actions']);

    const rows = await bodyRows();
    expect(rows).toHaveLength(4);
    const cells = within(rows[0]!).getAllByRole('cell');
    expect(cells[0]).toHaveTextContent(/^1$/);
    expect(cells[1]).toHaveTextContent('Alice Able');
    expect(cells[1]).toHaveTextContent('@alice');
    expect(cells[2]).toHaveTextContent(/^250$/);
    expect(within(rows[0]!).getByRole('link', { name: 'View Profile' })).toHaveAttribute(
      'href',
      '/u/alice',
    );
    expect(within(rows[2]!).getAllByRole('cell')[2]).toHaveTextContent(/^80$/);
    expect(within(rows[3]!).getAllByRole('cell')[0]).toHaveTextContent(/^4$/);
  });

  it("highlights the signed-in consumer's row, without Send Gift on it", async () => {
    renderPage();

    const rows = await bodyRows();
    const own = rows[1]!;
    expect(own).toHaveAttribute('aria-current', 'true');
    expect(own).toHaveClass('bg-primary/10');
    expect(within(own).getByText('You')).toBeInTheDocument();
    expect(within(own).getByRole('link', { name: 'View Profile' })).toHaveAttribute(
      'href',
      '/u/casey',
    );
    expect(within(own).queryByRole('button', { name: 'Send Gift' })).not.toBeInTheDocument();

    for (const other of [rows[0]!, rows[2]!, rows[3]!]) {
      expect(other).not.toHaveAttribute('aria-current');
      expect(within(other).queryByText('You')).not.toBeInTheDocument();
      expect(within(other).getByRole('button', { name: 'Send Gift' })).toBeInTheDocument();
    }
  });

  it("opens the Send Gift dialog addressed to that row's gifter", async () => {
    const { user } = renderPage();

    const rows = await bodyRows();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(within(rows[2]!).getByRole('button', { name: 'Send Gift' }));

    expect(screen.getByRole('dialog', { name: 'Send Gift' })).toHaveTextContent(
      'to Dana Doe (@dana)',
    );
  });

  it('really changes the data when the period changes', async () => {
    const { api, user } = renderPage();
    await table();

    await user.selectOptions(screen.getByLabelText('Period'), 'This Week');

    expect(screen.getByText('Top gifters this week')).toBeInTheDocument();
    expect(screen.queryByText('Top gifters this month')).not.toBeInTheDocument();
    await waitFor(async () => expect(await bodyRows()).toHaveLength(1));
    const [only] = await bodyRows();
    expect(only).toHaveTextContent('Eve Evans');
    expect(only).toHaveTextContent('45');
    expect(screen.queryByText('Alice Able')).not.toBeInTheDocument();

    const periods = (path: string) =>
      api.requestsTo('GET', path).map((request) => request.search.get('period'));
    expect(periods('/api/gift-cards/leaderboard')).toEqual(['month', 'week']);
    expect(periods('/api/gift-cards/leaderboard/me')).toEqual(['month', 'week']);
    // Casey has not sent a gift this week.
    expect(
      await screen.findByText('Send a gift this week to join the leaderboard.'),
    ).toBeInTheDocument();
  });

  it("shows the consumer's rank with Top N%, points and points to the next rank", async () => {
    renderPage();

    const stats = await screen.findByRole('region', { name: 'Your Stats' });
    await waitFor(() => expect(within(stats).getByText('#2')).toBeInTheDocument());
    // Rank 2 of 8 ranked consumers.
    expect(within(stats).getByText('Top 25%')).toBeInTheDocument();
    const valueOf = (label: string) => within(stats).getByText(label).nextElementSibling;
    expect(valueOf('Points')).toHaveTextContent(/^120$/);
    expect(valueOf('Points to next rank')).toHaveTextContent(/^131$/);
  });

  it('shows 0 points to the next rank at rank 1', async () => {
    renderPage({
      me: jsonReply(200, standing({ rank: 1, rankedUsers: 3, points: 250, pointsToNextRank: 0 })),
    });

    const stats = await screen.findByRole('region', { name: 'Your Stats' });
    await waitFor(() => expect(within(stats).getByText('#1')).toBeInTheDocument());
    expect(within(stats).getByText('Top 33%')).toBeInTheDocument();
    expect(within(stats).getByText('Points to next rank').nextElementSibling).toHaveTextContent(
      /^0$/,
    );
  });

  it('invites an unranked consumer to send a gift', async () => {
    renderPage({
      me: jsonReply(200, standing({ rank: null, points: 0, rankedUsers: 4, pointsToNextRank: 0 })),
    });

    const stats = await screen.findByRole('region', { name: 'Your Stats' });
    expect(
      await within(stats).findByText('Send a gift this month to join the leaderboard.'),
    ).toBeInTheDocument();
    expect(within(stats).queryByText(/Top \d+%/)).not.toBeInTheDocument();
  });

  it('says so when nobody has sent a gift in the period', async () => {
    const { user } = renderPage({ board: jsonReply(200, []) });

    expect(await screen.findByText('No gifts sent this month yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Top gifters' })).not.toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Period'), 'All Time');
    expect(await screen.findByText('No gifts sent yet.')).toBeInTheDocument();
    expect(screen.getByText('Top gifters of all time')).toBeInTheDocument();
  });

  it('shows an error with Try again, never sample people, and recovers on retry', async () => {
    let failing = true;
    const { api, user } = renderPage({
      board: () =>
        failing
          ? jsonReply(500, { message: 'Something went wrong' })
          : jsonReply(200, monthEntries),
    });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load leaderboard. Please try again later.');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Top gifters' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send Gift' })).not.toBeInTheDocument();

    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));

    expect(await bodyRows()).toHaveLength(4);
    expect(api.requestsTo('GET', '/api/gift-cards/leaderboard')).toHaveLength(2);
    expect(
      screen.queryByText('Failed to load leaderboard. Please try again later.'),
    ).not.toBeInTheDocument();
  });

  it('lets Your Stats fail and retry on its own', async () => {
    let failing = true;
    const { user } = renderPage({
      me: () =>
        failing ? jsonReply(500, { message: 'Something went wrong' }) : jsonReply(200, standing()),
    });

    const stats = await screen.findByRole('region', { name: 'Your Stats' });
    const alert = await within(stats).findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load your stats. Please try again later.');
    // The board itself is unaffected.
    expect(await bodyRows()).toHaveLength(4);

    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(stats).findByText('Top 25%')).toBeInTheDocument();
  });

  describe('Share to Pin Board', () => {
    const shareButton = () => screen.findByRole('button', { name: 'Share to Pin Board' });

    it("posts the viewer's rank for the chosen period and says 'Post created'", async () => {
      const { api, user } = renderPage({
        me: (request) =>
          jsonReply(
            200,
            standing({ period: request.search.get('period') === 'year' ? 'year' : 'month' }),
          ),
      });

      await user.selectOptions(screen.getByLabelText('Period'), 'This Year');
      await user.click(await shareButton());

      expect(await findToast('Post created')).toBeInTheDocument();
      expect(api.requestsTo('POST', '/api/posts/leaderboard').map((r) => r.body)).toEqual([
        { period: 'year' },
      ]);
      // Still one standing request per period: the button reads the same query as Your Stats.
      expect(
        api.requestsTo('GET', '/api/gift-cards/leaderboard/me').map((r) => r.search.get('period')),
      ).toEqual(['month', 'year']);
    });

    it("says 'Failed to create post' when sharing fails", async () => {
      const { user } = renderPage({
        share: jsonReply(400, { message: 'Send a gift this month to join the leaderboard.' }),
      });

      await user.click(await shareButton());

      expect(await findToast('Failed to create post')).toHaveTextContent(
        'Send a gift this month to join the leaderboard.',
      );
    });

    it('is offered only to a ranked consumer', async () => {
      const { user } = renderPage();

      expect(await shareButton()).toBeInTheDocument();
      // Casey is not ranked this week.
      await user.selectOptions(screen.getByLabelText('Period'), 'This Week');
      expect(
        await screen.findByText('Send a gift this week to join the leaderboard.'),
      ).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Share to Pin Board' })).not.toBeInTheDocument();
    });

    it('is not offered while the standing loads or when it fails', async () => {
      renderPage({ me: jsonReply(500, { message: 'boom' }) });

      const stats = await screen.findByRole('region', { name: 'Your Stats' });
      await within(stats).findByRole('alert');
      expect(screen.queryByRole('button', { name: 'Share to Pin Board' })).not.toBeInTheDocument();
    });
  });
});

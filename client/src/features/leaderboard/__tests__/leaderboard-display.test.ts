import { describe, expect, it } from 'vitest';
import {
  emptyLeaderboardMessage,
  initialsOf,
  leaderboardSubtitle,
  podiumOrder,
  pointsToNextRank,
  toLeaderboardRows,
  toPoints,
  topPercent,
  unrankedMessage,
  usableAvatar,
} from '../lib/leaderboard-display';

describe('toLeaderboardRows', () => {
  it('ranks from 1 in the order received and marks the signed-in consumer', () => {
    const rows = toLeaderboardRows(
      [
        { id: 7, name: 'Ada Lovelace', username: 'ada', profile_picture: null, total_value: 90 },
        { id: 3, name: 'Alan Turing', username: 'alan', profile_picture: null, total_value: 120 },
      ],
      3,
    );
    expect(rows).toEqual([
      {
        rank: 1,
        id: 7,
        name: 'Ada Lovelace',
        username: 'ada',
        points: 90,
        avatar: null,
        initials: 'AL',
        isCurrentUser: false,
      },
      {
        rank: 2,
        id: 3,
        name: 'Alan Turing',
        username: 'alan',
        points: 120,
        avatar: null,
        initials: 'AT',
        isCurrentUser: true,
      },
    ]);
  });

  it("defaults a missing name to 'Anonymous' and a missing username to 'user'", () => {
    const [missing, empty] = toLeaderboardRows(
      [
        { id: 1, total_value: 5 },
        { id: 2, name: '  ', username: '', profile_picture: null, total_value: 5 },
      ],
      null,
    );
    expect(missing).toMatchObject({ name: 'Anonymous', username: 'user', initials: 'A' });
    expect(empty).toMatchObject({ name: 'Anonymous', username: 'user' });
  });

  it('marks nobody as the current user when nobody is signed in', () => {
    const rows = toLeaderboardRows(
      [{ id: 1, name: 'A', username: 'a', total_value: 1 }],
      undefined,
    );
    expect(rows[0]!.isCurrentUser).toBe(false);
  });

  it('applies the avatar rule to each entry', () => {
    const [uploaded, usable] = toLeaderboardRows(
      [
        { id: 1, name: 'Up Loaded', profile_picture: '/uploads/avatar', total_value: 1 },
        { id: 2, name: 'Web P', profile_picture: 'https://cdn.example.com/a.webp', total_value: 1 },
      ],
      null,
    );
    expect(uploaded!.avatar).toBeNull();
    expect(usable!.avatar).toBe('https://cdn.example.com/a.webp');
  });
});

describe('toPoints', () => {
  it('keeps the integer part of the total value', () => {
    expect(toPoints(250.99)).toBe(250);
    expect(toPoints(12)).toBe(12);
    expect(toPoints(0.4)).toBe(0);
    expect(toPoints('42.7')).toBe(42);
  });

  it('gives 0 for anything that is not a number', () => {
    expect(toPoints(Number.NaN)).toBe(0);
    expect(toPoints(Number.POSITIVE_INFINITY)).toBe(0);
    expect(toPoints('lots')).toBe(0);
    expect(toPoints('')).toBe(0);
    expect(toPoints(null)).toBe(0);
    expect(toPoints(undefined)).toBe(0);
    expect(toPoints({})).toBe(0);
  });

  it('never prints -0', () => {
    expect(Object.is(toPoints(-0.5), 0)).toBe(true);
  });
});

describe('usableAvatar', () => {
  it.each<[string | null, string]>([
    ['/uploads/ada', 'a path under /uploads/'],
    ['https://cdn.example.com/ada.jpg', 'a jpg'],
    ['https://cdn.example.com/ada.jpeg', 'a jpeg'],
    ['https://cdn.example.com/ada.png?size=64', 'a png'],
    ['https://cdn.example.com/ada.PNG', 'a png in capitals'],
    ['', 'an empty path'],
    [null, 'no picture'],
  ])('ignores %s (%s)', (path) => {
    expect(usableAvatar(path)).toBeNull();
  });

  it('keeps any other picture', () => {
    expect(usableAvatar('https://cdn.example.com/ada.webp')).toBe(
      'https://cdn.example.com/ada.webp',
    );
    expect(usableAvatar('/avatars/ada.svg')).toBe('/avatars/ada.svg');
  });
});

describe('initialsOf', () => {
  it('takes the first letter of each word', () => {
    expect(initialsOf('Ada Lovelace')).toBe('AL');
    expect(initialsOf('Mary Ann  Evans')).toBe('MAE');
    expect(initialsOf('casey')).toBe('C');
    expect(initialsOf('  ')).toBe('');
  });
});

describe('podiumOrder', () => {
  it('places 2nd left, 1st centre, 3rd right', () => {
    expect(podiumOrder(['first', 'second', 'third', 'fourth'])).toEqual([
      'second',
      'first',
      'third',
    ]);
  });

  it('shows only the places there are', () => {
    expect(podiumOrder(['first', 'second'])).toEqual(['second', 'first']);
    expect(podiumOrder(['first'])).toEqual(['first']);
    expect(podiumOrder([])).toEqual([]);
  });
});

describe('topPercent', () => {
  it('is rank divided by the number of ranked consumers, rounded', () => {
    expect(topPercent(1, 1)).toBe(100);
    expect(topPercent(2, 8)).toBe(25);
    expect(topPercent(1, 3)).toBe(33);
    expect(topPercent(2, 3)).toBe(67);
    expect(topPercent(1, 200)).toBe(1);
  });

  it('has no answer without ranked consumers', () => {
    expect(topPercent(1, 0)).toBeNull();
  });
});

describe('pointsToNextRank', () => {
  it('is 0 at rank 1 whatever the server says', () => {
    expect(pointsToNextRank(1, 15)).toBe(0);
  });

  it('rounds a fraction up so it never understates', () => {
    expect(pointsToNextRank(3, 30)).toBe(30);
    expect(pointsToNextRank(3, 12.01)).toBe(13);
    expect(pointsToNextRank(3, Number.NaN)).toBe(0);
  });
});

describe('period texts', () => {
  it('follow the period', () => {
    expect(leaderboardSubtitle('month')).toBe('Top gifters this month');
    expect(leaderboardSubtitle('week')).toBe('Top gifters this week');
    expect(leaderboardSubtitle('year')).toBe('Top gifters this year');
    expect(leaderboardSubtitle('all')).toBe('Top gifters of all time');
    expect(emptyLeaderboardMessage('month')).toBe('No gifts sent this month yet.');
    expect(emptyLeaderboardMessage('all')).toBe('No gifts sent yet.');
    expect(unrankedMessage('week')).toBe('Send a gift this week to join the leaderboard.');
    expect(unrankedMessage('all')).toBe('Send a gift to join the leaderboard.');
  });
});

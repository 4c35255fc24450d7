import { type LeaderboardPeriod } from '@shared/constants';
import { type LeaderboardEntry } from '@shared/schema/gift-cards';
import { formatCount } from '@shared/format';

/**
 * How the leaderboard turns what the server sends into what the page shows. Pure functions, so
 * every rule is unit-tested on its own.
 */

/** The selector's options, in the order they are offered; This Month is the default. */
export const LEADERBOARD_PERIOD_OPTIONS = [
  { value: 'month', label: 'This Month' },
  { value: 'week', label: 'This Week' },
  { value: 'year', label: 'This Year' },
  { value: 'all', label: 'All Time' },
] as const satisfies ReadonlyArray<{ value: LeaderboardPeriod; label: string }>;

export const DEFAULT_LEADERBOARD_PERIOD: LeaderboardPeriod = 'month';

export function isLeaderboardPeriod(value: string): value is LeaderboardPeriod {
  return LEADERBOARD_PERIOD_OPTIONS.some((option) => option.value === value);
}

/** 'this month' etc.; null for all time, whose sentences read differently. */
const PERIOD_PHRASE: Record<LeaderboardPeriod, string | null> = {
  week: 'this week',
  month: 'this month',
  year: 'this year',
  all: null,
};

/** 'Top gifters this month', …, 'Top gifters of all time'. */
export function leaderboardSubtitle(period: LeaderboardPeriod): string {
  const phrase = PERIOD_PHRASE[period];
  return phrase ? `Top gifters ${phrase}` : 'Top gifters of all time';
}

/** 'No gifts sent this month yet.', …, 'No gifts sent yet.' */
export function emptyLeaderboardMessage(period: LeaderboardPeriod): string {
  const phrase = PERIOD_PHRASE[period];
  return phrase ? `No gifts sent ${phrase} yet.` : 'No gifts sent yet.';
}

/** What an unranked consumer reads in Your Stats. */
export function unrankedMessage(period: LeaderboardPeriod): string {
  const phrase = PERIOD_PHRASE[period];
  return phrase
    ? `Send a gift ${phrase} to join the leaderboard.`
    : 'Send a gift to join the leaderboard.';
}

/**
 * An entry as it may arrive: missing values get defaults, so every field but the id is
 * treated as unknown until checked. A well-formed LeaderboardEntry fits this type.
 */
export type LeaderboardEntryInput = { id: number } & {
  [Field in Exclude<keyof LeaderboardEntry, 'id'>]?: unknown;
};

export type LeaderboardRow = {
  /** 1-based, in the order the server ranked the entries. */
  rank: number;
  id: number;
  name: string;
  username: string;
  points: number;
  /** The picture to show, or null when the avatar rule says to show the initials instead. */
  avatar: string | null;
  initials: string;
  isCurrentUser: boolean;
};

function nonEmptyText(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** Whole points from a total value: the integer part, or 0 when it is not a number. */
export function toPoints(value: unknown): number {
  const number =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && value.trim() !== ''
        ? Number(value)
        : Number.NaN;
  if (!Number.isFinite(number)) return 0;
  // `|| 0` turns the -0 of Math.trunc(-0.5) into a plain 0.
  return Math.trunc(number) || 0;
}

/**
 * A picture path that starts with /uploads/ or contains jpg, png or jpeg is not shown
 * (initials are); neither is a missing one.
 */
export function usableAvatar(profilePicture: unknown): string | null {
  const path = nonEmptyText(profilePicture);
  if (!path) return null;
  if (path.startsWith('/uploads/') || /jpe?g|png/i.test(path)) return null;
  return path;
}

/** The first letter of each word of the name: 'Ada Lovelace' → 'AL'. */
export function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => Array.from(word)[0] ?? '')
    .join('')
    .toLocaleUpperCase();
}

/** Entries become display rows, ranked from 1 in the order received. */
export function toLeaderboardRows(
  entries: readonly LeaderboardEntryInput[],
  currentUserId: number | null | undefined,
): LeaderboardRow[] {
  return entries.map((entry, index) => {
    const name = nonEmptyText(entry.name) ?? 'Anonymous';
    return {
      rank: index + 1,
      id: entry.id,
      name,
      username: nonEmptyText(entry.username) ?? 'user',
      points: toPoints(entry.total_value),
      avatar: usableAvatar(entry.profile_picture),
      initials: initialsOf(name),
      isCurrentUser: currentUserId != null && entry.id === currentUserId,
    };
  });
}

/** The podium's left-to-right order: 2nd, 1st, 3rd (only the places there are). */
export function podiumOrder<Row>(rows: readonly Row[]): Row[] {
  const [first, second, third] = rows;
  return [second, first, third].filter((row): row is Row => row !== undefined);
}

/**
 * Points still to gain to move up one place, as a whole number that never understates it (the
 * server may count in cents); 0 at rank 1, as there is no place above.
 */
export function pointsToNextRank(rank: number | null, value: unknown): number {
  if (rank === 1) return 0;
  const number = typeof value === 'number' ? value : Number.NaN;
  if (!Number.isFinite(number) || number <= 0) return 0;
  return Math.ceil(number);
}

/** 'Top N%': rank divided by the number of ranked consumers, as a rounded percentage. */
export function topPercent(rank: number, rankedUsers: number): number | null {
  if (!(rank > 0) || !(rankedUsers > 0)) return null;
  return Math.round((rank / rankedUsers) * 100);
}

const PLACE_NAMES = ['1st place', '2nd place', '3rd place'];

/** '1st place', '2nd place', '3rd place' for the podium; 'Rank N' beyond. */
export function placeName(rank: number): string {
  return PLACE_NAMES[rank - 1] ?? `Rank ${rank}`;
}

/** Points as the page prints them: 1,250. */
export function formatPoints(points: number): string {
  return formatCount(points);
}

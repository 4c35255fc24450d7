/** How many rows the benchmark seeds of each kind. */
export type BenchScale = {
  consumers: number;
  businesses: number;
  /** Pins on real stores of the catalogue. */
  pins: number;
  /** Cards claimed from pins plus a few sent by guests. */
  giftCards: number;
  friendships: number;
  posts: number;
  postLikes: number;
  notifications: number;
  /** A whole number per business: every business gets the same count. */
  leads: number;
};

export const BENCH_SCALE_NAMES = ['small', 'full', 'plan'] as const;
export type BenchScaleName = (typeof BENCH_SCALE_NAMES)[number];

const FULL: BenchScale = {
  consumers: 100_000,
  businesses: 5_000,
  pins: 50_000,
  giftCards: 1_000_000,
  friendships: 300_000,
  posts: 500_000,
  postLikes: 2_000_000,
  notifications: 1_000_000,
  leads: 200_000,
};

export const BENCH_SCALES: Record<BenchScaleName, BenchScale> = {
  full: FULL,
  // 10% of everything: the growth check compares it with full.
  small: {
    consumers: 10_000,
    businesses: 500,
    pins: 5_000,
    giftCards: 100_000,
    friendships: 30_000,
    posts: 50_000,
    postLikes: 200_000,
    notifications: 100_000,
    leads: 20_000,
  },
  // The plan test's database: every table it checks just above 12,000 rows, so that a sequential
  // scan of it would break the 10,000-row rule, and small enough to seed quickly on PGlite.
  // Consumers are a multiple of 16 (the identifier count) and leads 40 per business, as the seed
  // requires; 60,000 cards are what it takes for the gifts (about a fifth of them) to pass 12,000.
  plan: {
    consumers: 11_712,
    businesses: 301,
    pins: 12_001,
    giftCards: 60_000,
    friendships: 12_001,
    posts: 12_001,
    postLikes: 12_001,
    notifications: 12_001,
    leads: 12_040,
  },
};

export function isBenchScaleName(value: string): value is BenchScaleName {
  return (BENCH_SCALE_NAMES as readonly string[]).includes(value);
}

/** The scale itself, given its name or its counts. */
export function resolveBenchScale(scale: BenchScaleName | BenchScale): BenchScale {
  return typeof scale === 'string' ? BENCH_SCALES[scale] : scale;
}

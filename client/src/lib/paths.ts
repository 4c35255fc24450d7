/** Route paths (spec §2). Links and redirects use these, never string literals. */
export const paths = {
  home: '/',
  auth: '/auth',
  business: '/business',
  friends: '/friends',
  socialFeed: '/social-feed',
  leads: '/leads',
  leaderboard: '/leaderboard',
  marketplace: '/marketplace',
  wallet: '/wallet',
  notifications: '/notifications',
} as const;

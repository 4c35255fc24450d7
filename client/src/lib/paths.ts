import { ACCOUNT_LINKS } from '@shared/constants';

/** Route paths. Links and redirects use these, never string literals. */
export const paths = {
  home: '/',
  auth: '/auth',
  business: '/business',
  friends: '/friends',
  socialFeed: '/social-feed',
  leads: '/leads',
  /** A business's counter: a customer's card is scanned or typed and spent (`?code=` from the QR). */
  redeem: '/redeem',
  leaderboard: '/leaderboard',
  marketplace: '/marketplace',
  wallet: '/wallet',
  /** Saved cards, and a business's payout bank account (the payout notice e-mail links here). */
  paymentSettings: '/wallet/payment-settings',
  notifications: '/notifications',
  /** My conversations; one conversation is /messages/{username}. */
  messages: '/messages',
  addFriend: '/add-friend',
  apiTest: '/api-test',
  dialogTest: '/dialog-test',
  dialogDebug: '/dialog-debug',
  settings: '/settings',
  confirmEmail: ACCOUNT_LINKS.confirmEmailPath,
  /** Asking for a reset link (no token), or following one (`?token=`). */
  resetPassword: ACCOUNT_LINKS.resetPasswordPath,
} as const;

/** Route patterns with a parameter (wouter syntax). */
export const routePatterns = {
  profile: '/u/:username',
  friendsOf: '/friends/:username',
  conversation: '/messages/:username',
} as const;

/** A user's public profile page. */
export const profilePath = (username: string) => `/u/${encodeURIComponent(username)}`;

/** The friends of a user: /friends/{username}. */
export const friendsOfPath = (username: string) => `/friends/${encodeURIComponent(username)}`;

/** The conversation with a user: /messages/{username}. */
export const conversationPagePath = (username: string) =>
  `/messages/${encodeURIComponent(username)}`;

/** The message for any friends list that fails to load. */
export const FRIENDS_LOAD_ERROR = 'Failed to load friends data. Please try again later.';

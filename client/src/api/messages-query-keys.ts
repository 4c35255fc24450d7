/**
 * Everything cached about direct messages lives under this key: the conversation list, each
 * thread and its facts, and the unread count (the navigation's badge). Live events patch or
 * invalidate the parts they touch.
 */
export const MESSAGES_QUERY_KEY = ['messages'] as const;
export const CONVERSATIONS_QUERY_KEY = [...MESSAGES_QUERY_KEY, 'conversations'] as const;
export const MESSAGES_UNREAD_QUERY_KEY = [...MESSAGES_QUERY_KEY, 'unread-count'] as const;
export const threadQueryKey = (username: string) =>
  [...MESSAGES_QUERY_KEY, 'thread', username.toLowerCase()] as const;
export const threadInfoQueryKey = (username: string) =>
  [...MESSAGES_QUERY_KEY, 'info', username.toLowerCase()] as const;

/** The API path of the conversation with `username`. */
export const conversationPath = (username: string) => `/messages/${encodeURIComponent(username)}`;

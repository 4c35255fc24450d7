import { messagesContracts } from '@shared/contracts/messages';
import { queryKeyOf } from '@/lib/query-client';

/**
 * The input that names the conversation with `username`. Usernames match in any letter case, so
 * the name is sent as one case: every link to the conversation shares one cache entry, which the
 * live events patch.
 */
export const conversationInput = (username: string) => ({
  params: { username: username.toLowerCase() },
});

/** The cached pages of the conversation with `username`. */
export const threadQueryKey = (username: string) =>
  queryKeyOf(messagesContracts.thread, conversationInput(username));

/** Who the conversation with `username` is with, and how far they have read. */
export const threadInfoQueryKey = (username: string) =>
  queryKeyOf(messagesContracts.info, conversationInput(username));

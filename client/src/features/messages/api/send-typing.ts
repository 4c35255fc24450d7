import { api } from '@/lib/api-client';
import { conversationPath } from '@/api/messages-query-keys';

/** Tells the other person I am typing. Best effort: a lost one only hides the indicator. */
export const sendTyping = (username: string): Promise<unknown> =>
  api.post(`${conversationPath(username)}/typing`).catch(() => undefined);

import { messagesContracts } from '@shared/contracts/messages';
import { call } from '@/lib/api-client';

/** Tells the other person I am typing. Best effort: a lost one only hides the indicator. */
export const sendTyping = (username: string): Promise<unknown> =>
  call(messagesContracts.typing, { params: { username } }).catch(() => undefined);

/**
 * Messages' limits and the names of their live events: plain values, apart from the zod schemas
 * of shared/schema/messages.ts (which re-exports them), so that what every signed-in page loads to
 * listen for messages does not build those schemas on the phone's main thread.
 */

export const MESSAGE_LIMITS = {
  /** A message's text, after trimming. */
  textMax: 2_000,
  /** Your own message can be deleted for everyone this long after it was sent. */
  deleteWindowMs: 15 * 60 * 1000,
  /** Messages per page of a conversation. */
  pageSize: 30,
  imageUrlMax: 300,
  clientIdLength: 36,
  /** How long a read or typing call counts as "this conversation is open" (no notification then). */
  viewingMs: 60 * 1000,
  /** A typing indicator is shown this long after the last typing event. */
  typingMs: 6 * 1000,
} as const;

/** Live events on GET /api/notifications/stream (SSE `event:` names). */
export const MESSAGE_EVENTS = {
  message: 'message',
  read: 'message-read',
  deleted: 'message-deleted',
  typing: 'typing',
} as const;

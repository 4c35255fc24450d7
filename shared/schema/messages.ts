import { z } from 'zod';
import { ID_MAX, REPORT_DETAILS_MAX, REPORT_REASONS } from '../constants';
import { pageQueryFields } from '../pagination';
import { MESSAGE_LIMITS } from '../messages';
import { dollarAmount, isoDateTime } from './answer-fields';

// The limits and live event names live apart from the schemas (a page that only listens for
// messages need not build them); here with the rest of the contract.
export { MESSAGE_EVENTS, MESSAGE_LIMITS } from '../messages';

// ---------------------------------------------------------------------------------------------
// Limits and messages
// ---------------------------------------------------------------------------------------------

export const MESSAGE_MESSAGES = {
  textRequired: 'Write a message',
  textTooLong: `Messages can be at most 2,000 characters`,
  textNul: 'Messages cannot contain the NUL character',
  textNotText: 'The message must be text',
  clientIdInvalid: 'clientId must be a UUID',
  imageInvalid: 'The image must be one you uploaded here',
  friendsOnly: 'You can only message your friends',
  threadClosed: 'You are no longer friends, so this conversation is closed for new messages',
  conversationNotFound: 'Conversation not found',
  messageNotFound: 'Message not found',
  deleteNotOwn: 'You can only delete your own messages',
  deleteWindow: 'Messages can only be deleted within 15 minutes',
  reportOwn: 'You cannot report your own message',
  reportOpen: 'You already reported this message',
  clientIdUsed: 'This clientId was already used for a message to someone else',
  rateLimited: 'You are sending messages too fast. Please wait a moment.',
  upToInvalid: 'upTo must be a message id',
  blockSelf: 'You cannot block yourself',
  userNotFound: 'User not found',
} as const;

/** Text that is not empty after trimming, at most 2,000 characters, without NUL. */
export const messageTextSchema = z
  .string({ error: MESSAGE_MESSAGES.textNotText })
  .trim()
  .min(1, MESSAGE_MESSAGES.textRequired)
  .max(MESSAGE_LIMITS.textMax, MESSAGE_MESSAGES.textTooLong)
  .refine((text) => !text.includes('\u0000'), MESSAGE_MESSAGES.textNul);

const messageIdSchema = (message: string) =>
  z.coerce.number({ error: message }).int(message).positive(message).max(ID_MAX, message);

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

/**
 * POST /api/messages/:username. The client makes clientId (a UUID) once per message, so a
 * retried send answers the first message instead of storing a second. imageUrl is a URL the
 * upload endpoint answered to the sender (an upload of theirs); anything else is refused.
 */
export const sendMessageSchema = z.object({
  clientId: z.uuid({ error: MESSAGE_MESSAGES.clientIdInvalid }),
  text: messageTextSchema,
  imageUrl: z
    .string({ error: MESSAGE_MESSAGES.imageInvalid })
    .trim()
    .max(MESSAGE_LIMITS.imageUrlMax, MESSAGE_MESSAGES.imageInvalid)
    .nullish(),
});
export type SendMessageInput = z.input<typeof sendMessageSchema>;

/** GET /api/messages: pages of conversations (page, limit as every list). */
export const conversationListQuerySchema = z.object({ ...pageQueryFields });

/**
 * POST /api/messages/:username/read: everything up to this message has been seen. It also tells
 * the server the conversation is open on this device for a minute (no notification meanwhile).
 */
export const markConversationReadSchema = z.object({
  upTo: messageIdSchema(MESSAGE_MESSAGES.upToInvalid),
});
export type MarkConversationReadInput = z.input<typeof markConversationReadSchema>;

/** POST /api/messages/:username/:id/report. */
export const reportMessageSchema = z.object({
  reason: z.enum(REPORT_REASONS, { error: 'Choose a reason for the report' }),
  details: z
    .string({ error: 'Details must be text' })
    .trim()
    .max(REPORT_DETAILS_MAX, `Details must be at most ${REPORT_DETAILS_MAX} characters`)
    .default(''),
});
export type ReportMessageInput = z.input<typeof reportMessageSchema>;

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

const personSchema = {
  username: z.string(),
  name: z.string(),
  avatar: z.string().nullable(),
};

/** One message as either participant sees it. */
export const messageSchema = z
  .object({
    id: z.number().int(),
    clientId: z.string(),
    fromMe: z.boolean(),
    sender: z.object(personSchema),
    /** '' when deleted. Plain text: render it as text, never as HTML. */
    text: z.string().describe("Plain text ('' when deleted); render as text, never as HTML"),
    imageUrl: z.string().nullable(),
    giftCard: z
      .object({ id: z.number().int(), brand: z.string(), value: dollarAmount() })
      .nullable()
      .describe('A gift card sent to the other participant with this message'),
    createdAt: isoDateTime(),
    deleted: z.boolean(),
  })
  .describe('A message in a conversation');
export type Message = z.infer<typeof messageSchema>;

/** GET /api/messages: a conversation in my list. */
export const conversationSummarySchema = z
  .object({
    ...personSchema,
    lastMessage: z
      .object({
        /** The first line of the text ('' for a deleted message or one with only an image/gift). */
        text: z.string(),
        sentAt: isoDateTime(),
        fromMe: z.boolean(),
        deleted: z.boolean(),
        hasImage: z.boolean(),
        hasGiftCard: z.boolean(),
      })
      .nullable(),
    unreadCount: z.number().int(),
    /** Still friends and nobody blocked: new messages can be sent. */
    canMessage: z.boolean().describe('Still friends and nobody blocked'),
    updatedAt: isoDateTime(),
  })
  .describe('A conversation, with its last message and how many are unread');
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

/** GET /api/messages/:username/info: who an open conversation is with and whether it is open. */
export const conversationInfoSchema = z
  .object({
    ...personSchema,
    canMessage: z.boolean(),
    /** The newest of my messages the other person has read (for 'Seen'), or null. */
    seenUpTo: z.number().int().nullable(),
  })
  .describe('Who the conversation is with, whether it is open, and what they have seen');
export type ConversationInfo = z.infer<typeof conversationInfoSchema>;

export const unreadMessagesSchema = z
  .object({ count: z.number().int() })
  .describe('Unread messages across all conversations');

export const blockedUserSchema = z
  .object({ ...personSchema, blockedAt: isoDateTime() })
  .describe('Someone I blocked');
export type BlockedUser = z.infer<typeof blockedUserSchema>;

export const messageReportSchema = z
  .object({ id: z.number().int(), status: z.literal('open') })
  .describe('A stored report of a message');

// ---------------------------------------------------------------------------------------------
// Live events on GET /api/notifications/stream (SSE `event:` names and their `data:` JSON)
// ---------------------------------------------------------------------------------------------

/**
 * `message`: a new message in the conversation with `username` (the other participant from the
 * receiving user's side). Sent to both participants (the sender's other devices too).
 */
export type MessageEvent = { username: string; message: Message };
/** `message-read`: `username` (the other participant) read everything up to `upTo`. */
export type MessageReadEvent = { username: string; upTo: number };
/** `message-deleted`: a message in the conversation with `username` was deleted for everyone. */
export type MessageDeletedEvent = { username: string; id: number };
/** `typing`: `username` is typing in your conversation with them (show for MESSAGE_LIMITS.typingMs). */
export type TypingEvent = { username: string };

import { z } from 'zod';
import { ID_MAX } from '../constants';
import { contractGroup, defineContract } from '../contract';
import { MESSAGE_LIMITS } from '../messages';
import { idParam, usernameParam } from '../params';
import {
  blockedUserSchema,
  conversationInfoSchema,
  conversationListQuerySchema,
  conversationSummarySchema,
  markConversationReadSchema,
  MESSAGE_MESSAGES,
  messageReportSchema,
  messageSchema,
  reportMessageSchema,
  sendMessageSchema,
  unreadMessagesSchema,
} from '../schema/messages';

const tag = 'Messages';

const messageParams = usernameParam.extend(idParam('Message').shape);

const cursorMessage = 'cursor must be a message id';
const limitMessage = 'limit must be a number from 1 to 100';

// The cursor is a message id: a page stays the same however many messages arrive meanwhile.
const threadQuery = z.object({
  cursor: z.coerce
    .number({ error: cursorMessage })
    .int(cursorMessage)
    .positive(cursorMessage)
    .max(ID_MAX, cursorMessage)
    .optional()
    .describe(
      'Where the page starts: the messages before this message id (the `next` link carries it)',
    ),
  limit: z.coerce
    .number({ error: limitMessage })
    .int(limitMessage)
    .min(1, limitMessage)
    .max(100, limitMessage)
    .default(MESSAGE_LIMITS.pageSize)
    .describe('How many messages a page holds'),
});

const noConversation = 'I have no conversation with that user and we are not friends';
const notFriends =
  'We are not friends (or no longer), or one of us blocked the other: the conversation takes no new messages';

export const messagesContracts = contractGroup('messages', {
  list: defineContract({
    method: 'get',
    path: '/messages',
    summary: 'My conversations, newest activity first',
    tag,
    access: 'signed-in',
    query: conversationListQuerySchema,
    answer: {
      kind: 'page',
      item: conversationSummarySchema,
      description: 'Each with the other person, the last message and how many are unread',
    },
  }),
  unreadCount: defineContract({
    method: 'get',
    path: '/messages/unread-count',
    summary: 'How many messages I have not read, across all conversations',
    tag,
    access: 'signed-in',
    answer: { kind: 'json', status: 200, schema: unreadMessagesSchema, description: 'The count' },
  }),
  thread: defineContract({
    method: 'get',
    path: '/messages/:username',
    summary:
      'The messages of my conversation with a user, newest first; `cursor` (a message id) pages back',
    tag,
    access: 'signed-in',
    params: usernameParam,
    query: threadQuery,
    answer: {
      kind: 'cursor',
      item: messageSchema,
      description:
        'One page, newest first; the next link asks for the messages before the oldest one here (404 for anyone I have no conversation with and am not friends with)',
    },
    errors: { 404: noConversation },
  }),
  info: defineContract({
    method: 'get',
    path: '/messages/:username/info',
    summary: 'Who a conversation is with, whether it is open for new messages, what they have seen',
    tag,
    access: 'signed-in',
    params: usernameParam,
    answer: {
      kind: 'json',
      status: 200,
      schema: conversationInfoSchema,
      description: 'The conversation as its header shows it',
    },
    errors: { 404: noConversation },
  }),
  send: defineContract({
    method: 'post',
    path: '/messages/:username',
    summary: 'Send a friend a message (text, optionally one uploaded image)',
    tag,
    access: 'signed-in',
    params: usernameParam,
    body: sendMessageSchema,
    answer: {
      kind: 'json',
      status: 201,
      schema: messageSchema,
      description: 'The message was sent',
      otherStatuses: [
        { status: 200, description: 'A retry with the same clientId: the message sent first' },
      ],
    },
    errors: {
      403: notFriends,
      404: 'No user has that username, or it is myself',
      409: 'The clientId was already used for a message to someone else',
    },
    rateLimits: [
      {
        name: 'message',
        per: 'account-and-address',
        setting: 'messagesPerMinute',
        windowSeconds: 60,
        message: MESSAGE_MESSAGES.rateLimited,
      },
    ],
  }),
  markRead: defineContract({
    method: 'post',
    path: '/messages/:username/read',
    summary:
      'I have read the conversation up to a message (the other person sees it as Seen); it counts as open for a minute',
    tag,
    access: 'signed-in',
    params: usernameParam,
    body: markConversationReadSchema,
    answer: { kind: 'empty', description: 'Read up to that message' },
    errors: { 404: 'I have no conversation with that user' },
  }),
  typing: defineContract({
    method: 'post',
    path: '/messages/:username/typing',
    summary: 'I am typing: the other person sees it live (nothing is stored)',
    tag,
    access: 'signed-in',
    params: usernameParam,
    answer: { kind: 'empty', description: 'They were told' },
    errors: { 403: notFriends, 404: noConversation },
  }),
  remove: defineContract({
    method: 'delete',
    path: '/messages/:username/:id',
    summary: 'Delete my own message for everyone, within 15 minutes of sending it',
    tag,
    access: 'signed-in',
    params: messageParams,
    answer: { kind: 'empty', description: 'The message shows as deleted for both' },
    errors: {
      403: 'The message is not mine, or was sent more than 15 minutes ago',
      404: 'No message of that id is in my conversation with that user',
    },
  }),
  report: defineContract({
    method: 'post',
    path: '/messages/:username/:id/report',
    summary: "Report the other person's message for review",
    tag,
    access: 'signed-in',
    params: messageParams,
    body: reportMessageSchema,
    answer: {
      kind: 'json',
      status: 201,
      schema: messageReportSchema,
      description: 'The report is stored for review',
    },
    errors: {
      404: 'No message of that id is in my conversation with that user',
      409: 'I already reported this message and the report is still open',
    },
  }),
  blocked: defineContract({
    method: 'get',
    path: '/users/blocked',
    summary: 'The people I blocked',
    tag,
    access: 'signed-in',
    answer: {
      kind: 'json',
      status: 200,
      schema: z.array(blockedUserSchema),
      description: 'Most recently blocked first',
    },
  }),
  block: defineContract({
    method: 'post',
    path: '/users/:username/block',
    summary:
      'Block a user: no messages, friend requests or gifts from them (they are not told); ends a friendship',
    tag,
    access: 'signed-in',
    params: usernameParam,
    answer: { kind: 'empty', description: 'Blocked' },
    errors: { 404: 'No user has that username' },
  }),
  unblock: defineContract({
    method: 'delete',
    path: '/users/:username/block',
    summary: 'Unblock a user',
    tag,
    access: 'signed-in',
    params: usernameParam,
    answer: { kind: 'empty', description: 'No longer blocked' },
    errors: { 404: 'No user has that username' },
  }),
});

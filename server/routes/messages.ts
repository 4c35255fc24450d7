import { z } from 'zod';
import {
  blockedUserSchema,
  conversationInfoSchema,
  conversationListQuerySchema,
  conversationSummarySchema,
  markConversationReadSchema,
  MESSAGE_MESSAGES,
  messageListQuerySchema,
  messageReportSchema,
  messageSchema,
  reportMessageSchema,
  sendMessageSchema,
  unreadMessagesSchema,
} from '@shared/schema/messages';
import { type RouteDependencies } from '../app-context';
import { accountRateLimit } from '../lib/account-rate-limit';
import { type ApiRoute, defineRoute, reply } from '../lib/api-route';
import { idParam, usernameParam } from '../lib/validate';
import { blockUser, unblockUser } from '../services/blocks/block-user';
import { listBlockedUsers } from '../services/blocks/list-blocked-users';
import { getConversationInfo } from '../services/messages/conversation-info';
import { deleteMessage } from '../services/messages/delete-message';
import { countUnreadMessages, listConversations } from '../services/messages/list-conversations';
import { markConversationRead } from '../services/messages/mark-conversation-read';
import { listConversationMessages } from '../services/messages/message-view';
import { reportMessage } from '../services/messages/report-message';
import { sendMessage } from '../services/messages/send-message';
import { signalTyping } from '../services/messages/signal-typing';

const messageParams = usernameParam.extend(idParam('Message').shape);

export function messagesRoutes({ db, config }: RouteDependencies): ApiRoute[] {
  const tag = 'Messages';
  return [
    defineRoute({
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
      handle: ({ user, query }) => listConversations(db, user.id, query),
    }),
    defineRoute({
      method: 'get',
      path: '/messages/unread-count',
      summary: 'How many messages I have not read, across all conversations',
      tag,
      access: 'signed-in',
      answer: { kind: 'json', status: 200, schema: unreadMessagesSchema, description: 'The count' },
      handle: async ({ user }) => ({ count: await countUnreadMessages(db, user.id) }),
    }),
    defineRoute({
      method: 'get',
      path: '/messages/:username',
      summary:
        'The messages of my conversation with a user, newest first; `before` (a message id) pages back',
      tag,
      access: 'signed-in',
      params: usernameParam,
      query: messageListQuerySchema,
      answer: {
        kind: 'cursor',
        item: messageSchema,
        cursorParam: 'before',
        description:
          'One page, newest first; the next link asks for the messages before the oldest one here (404 for anyone I have no conversation with and am not friends with)',
      },
      handle: ({ user, params, query }) =>
        listConversationMessages(db, user.id, params.username, query),
    }),
    defineRoute({
      method: 'get',
      path: '/messages/:username/info',
      summary:
        'Who a conversation is with, whether it is open for new messages, what they have seen',
      tag,
      access: 'signed-in',
      params: usernameParam,
      answer: {
        kind: 'json',
        status: 200,
        schema: conversationInfoSchema,
        description: 'The conversation as its header shows it',
      },
      handle: ({ user, params }) => getConversationInfo(db, user.id, params.username),
    }),
    defineRoute({
      method: 'post',
      path: '/messages/:username',
      summary: 'Send a friend a message (text, optionally one uploaded image)',
      tag,
      access: 'signed-in',
      params: usernameParam,
      body: sendMessageSchema,
      before: [
        accountRateLimit(db, {
          name: 'message',
          limit: config.rateLimits.messagesPerMinute,
          windowSeconds: 60,
          message: MESSAGE_MESSAGES.rateLimited,
        }),
      ],
      answer: {
        kind: 'json',
        status: 201,
        schema: messageSchema,
        description: 'The message was sent',
        otherStatuses: [
          { status: 200, description: 'A retry with the same clientId: the message sent first' },
        ],
      },
      handle: async ({ user, params, body }) => {
        const { message, created } = await sendMessage(db, user, params.username, body);
        return reply(created ? 201 : 200, message);
      },
    }),
    defineRoute({
      method: 'post',
      path: '/messages/:username/read',
      summary:
        'I have read the conversation up to a message (the other person sees it as Seen); it counts as open for a minute',
      tag,
      access: 'signed-in',
      params: usernameParam,
      body: markConversationReadSchema,
      answer: { kind: 'empty', description: 'Read up to that message' },
      handle: ({ user, params, body }) =>
        markConversationRead(db, user, params.username, body.upTo),
    }),
    defineRoute({
      method: 'post',
      path: '/messages/:username/typing',
      summary: 'I am typing: the other person sees it live (nothing is stored)',
      tag,
      access: 'signed-in',
      params: usernameParam,
      answer: { kind: 'empty', description: 'They were told' },
      handle: ({ user, params }) => signalTyping(db, user, params.username),
    }),
    defineRoute({
      method: 'delete',
      path: '/messages/:username/:id',
      summary: 'Delete my own message for everyone, within 15 minutes of sending it',
      tag,
      access: 'signed-in',
      params: messageParams,
      answer: { kind: 'empty', description: 'The message shows as deleted for both' },
      handle: ({ user, params }) => deleteMessage(db, user, params.username, params.id),
    }),
    defineRoute({
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
      handle: ({ user, params, body }) =>
        reportMessage(db, user.id, params.username, params.id, body),
    }),
    defineRoute({
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
      handle: ({ user }) => listBlockedUsers(db, user.id),
    }),
    defineRoute({
      method: 'post',
      path: '/users/:username/block',
      summary:
        'Block a user: no messages, friend requests or gifts from them (they are not told); ends a friendship',
      tag,
      access: 'signed-in',
      params: usernameParam,
      answer: { kind: 'empty', description: 'Blocked' },
      handle: ({ user, params }) => blockUser(db, user.id, params.username),
    }),
    defineRoute({
      method: 'delete',
      path: '/users/:username/block',
      summary: 'Unblock a user',
      tag,
      access: 'signed-in',
      params: usernameParam,
      answer: { kind: 'empty', description: 'No longer blocked' },
      handle: ({ user, params }) => unblockUser(db, user.id, params.username),
    }),
  ];
}

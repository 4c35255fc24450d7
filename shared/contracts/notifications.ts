import { z } from 'zod';
import { type UserType } from '../constants';
import { contractGroup, defineContract } from '../contract';
import { idParam } from '../params';
import {
  notificationItemSchema,
  notificationListQuerySchema,
  notificationPreferenceSchema,
  notificationPreferencesSchema,
  unreadCountSchema,
} from '../schema/notifications';

const tag = 'Notifications';

// The same list for either kind of account, each at its own path.
const listOf = <R extends UserType>(role: R) =>
  defineContract({
    method: 'get',
    path: `/${role}/notifications`,
    summary: `My notifications (${role} account), newest first`,
    tag,
    access: role,
    query: notificationListQuerySchema,
    answer: { kind: 'page', item: notificationItemSchema, description: 'One page, newest first' },
  });

export const notificationsContracts = contractGroup('notifications', {
  consumerList: listOf('consumer'),
  businessList: listOf('business'),
  unreadCount: defineContract({
    method: 'get',
    path: '/notifications/unread-count',
    summary: 'How many of my notifications are unread',
    tag,
    access: 'signed-in',
    answer: {
      kind: 'json',
      status: 200,
      schema: unreadCountSchema,
      description: 'The unread count',
    },
  }),
  markRead: defineContract({
    method: 'patch',
    path: '/notifications/:id/read',
    summary: 'Mark one of my notifications read',
    tag,
    access: 'signed-in',
    params: idParam('Notification'),
    answer: {
      kind: 'json',
      status: 200,
      schema: notificationItemSchema,
      description: 'The notification, read',
    },
    errors: { 404: 'No notification of that id is mine' },
  }),
  markAllRead: defineContract({
    method: 'post',
    path: '/notifications/read-all',
    summary: 'Mark all my notifications read',
    tag,
    access: 'signed-in',
    answer: {
      kind: 'json',
      status: 200,
      schema: unreadCountSchema,
      description: 'Nothing is unread now',
    },
  }),
  preferences: defineContract({
    method: 'get',
    path: '/notifications/preferences',
    summary: 'Which kinds of notification I receive',
    tag,
    access: 'signed-in',
    answer: {
      kind: 'json',
      status: 200,
      schema: z.array(notificationPreferenceSchema),
      description: 'Every kind, on or off',
    },
  }),
  savePreferences: defineContract({
    method: 'put',
    path: '/notifications/preferences',
    summary: 'Choose which kinds of notification I receive',
    tag,
    access: 'signed-in',
    body: notificationPreferencesSchema,
    answer: {
      kind: 'json',
      status: 200,
      schema: z.array(notificationPreferenceSchema),
      description: 'Every kind, on or off, as saved',
    },
  }),
  // Server-sent events: each new notification of the signed-in user, as it happens.
  stream: defineContract({
    method: 'get',
    path: '/notifications/stream',
    summary: 'My new notifications as they happen (server-sent events)',
    tag,
    access: 'signed-in',
    answer: {
      kind: 'raw',
      contentType: 'text/event-stream',
      description:
        'An event `notification` with each new notification as JSON, and for conversations `message`, `message-read`, `message-deleted` and `typing`; a comment line every 25 s keeps it open. At most 5 are open per account: opening a 6th sends the oldest an event `replaced` and ends it (its page should not reconnect)',
    },
  }),
});

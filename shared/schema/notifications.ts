import { z } from 'zod';
import {
  LEAD_LIMITS,
  LEAD_STATUSES,
  LIMITS,
  NOTIFICATION_FILTERS,
  NOTIFICATION_REFERENCES,
  NOTIFICATION_TYPES,
  type NotificationType,
} from '../constants';
import { pageQueryFields } from '../pagination';
import { dollarAmount, isoDateTime } from './answer-fields';

// ---------------------------------------------------------------------------------------------
// Notifications
// ---------------------------------------------------------------------------------------------

export const NOTIFICATION_TYPE_LABELS: Record<NotificationType, string> = {
  friend_request_received: 'Friend requests',
  friend_request_accepted: 'Accepted friend requests',
  gift_received: 'Gift cards received',
  gift_request_received: 'Gift requests',
  lead_created: 'New leads',
  gift_redeemed: 'Gift cards used',
  post_mention: 'Mentions in posts',
  post_liked: 'Likes on your posts',
  post_commented: 'Comments on your posts',
  card_expiring: 'Gift cards expiring soon',
  card_expired: 'Gift cards expired or renewed',
  message_received: 'Direct messages',
  system: 'Account and system messages',
};

export const notificationListQuerySchema = z.object({
  filter: z
    .enum(NOTIFICATION_FILTERS, { error: 'filter must be all, unread or read' })
    .default('all')
    .describe('Which notifications: all, unread or read'),
  ...pageQueryFields,
});

export const notificationPreferencesSchema = z.object({
  preferences: z
    .array(
      z.object({
        type: z.enum(NOTIFICATION_TYPES, { error: 'Unknown notification type' }),
        inApp: z.boolean({ error: 'inApp must be true or false' }),
      }),
      { error: 'preferences must be a list' },
    )
    .max(NOTIFICATION_TYPES.length, 'Too many preferences')
    .refine(
      (preferences) => new Set(preferences.map(({ type }) => type)).size === preferences.length,
      'Each notification type can be listed once',
    ),
});

export const NOTIFICATION_MESSAGES = {
  notFound: 'Notification not found',
} as const;

/** A notification as received, plus what it points at. */
export const notificationItemSchema = z
  .object({
    id: z.number().int(),
    type: z.enum(NOTIFICATION_TYPES),
    message: z.string(),
    /** Dollars, or null. */
    amount: dollarAmount().nullable().describe('Dollars, or null'),
    senderName: z.string(),
    senderAvatar: z.string().nullable(),
    senderUsername: z.string().nullable(),
    receiverName: z.string(),
    receiverAvatar: z.string().nullable(),
    createdAt: isoDateTime(),
    read: z.boolean(),
    referenceType: z.enum(NOTIFICATION_REFERENCES).nullable(),
    referenceId: z.number().int().nullable(),
  })
  .describe('A notification, with who sent it and what it points at');
export type NotificationItem = z.infer<typeof notificationItemSchema>;

/** Every kind of notification, with its label and whether it shows in the app. */
export const notificationPreferenceSchema = z
  .object({ type: z.enum(NOTIFICATION_TYPES), label: z.string(), inApp: z.boolean() })
  .describe('A kind of notification and whether it shows in the app');
export type NotificationPreference = z.infer<typeof notificationPreferenceSchema>;

/** GET /api/notifications/unread-count (and marking all read, which answers 0). */
export const unreadCountSchema = z
  .object({ unread: z.number().int() })
  .describe("How many of the user's notifications are unread");
export type UnreadCount = z.infer<typeof unreadCountSchema>;

// ---------------------------------------------------------------------------------------------
// Leads
// ---------------------------------------------------------------------------------------------

const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`);

/**
 * A date that is stored and read back as sent: one JavaScript reads, in a four-digit year. A
 * timestamp column refuses years past 9999 (Date reaches 275760) and year 0, and a year below
 * 100 comes back from the driver as 19xx or 20xx.
 */
function isStorableDate(value: string): boolean {
  const time = Date.parse(value);
  if (Number.isNaN(time)) return false;
  const year = new Date(time).getUTCFullYear();
  return year >= 1000 && year <= 9999;
}

/** The lead fields without defaults: PATCH changes only what it names. */
const leadFields = {
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(LEAD_LIMITS.nameMax, `Name must be at most ${LEAD_LIMITS.nameMax} characters`),
  email: z
    .string({ error: 'Valid email is required' })
    .trim()
    .max(LIMITS.emailMax, 'Valid email is required')
    .refine(
      (value) => value === '' || z.email().safeParse(value).success,
      'Valid email is required',
    ),
  phone: optionalText('Phone', LIMITS.phoneMax),
  status: z.enum(LEAD_STATUSES, { error: 'Unknown status' }),
  source: optionalText('Source', LEAD_LIMITS.sourceMax),
  notes: optionalText('Notes', LEAD_LIMITS.notesMax),
  lastContacted: z
    .string({ error: 'Last contacted must be a date' })
    .refine((value) => value === '' || isStorableDate(value), 'Last contacted must be a date')
    .nullable(),
};

export const leadInputSchema = z.object({
  name: leadFields.name,
  email: leadFields.email.default(''),
  phone: leadFields.phone.default(''),
  status: leadFields.status.default('New'),
  source: leadFields.source.default('Direct'),
  notes: leadFields.notes.default(''),
  lastContacted: leadFields.lastContacted.optional(),
});
export type LeadInput = z.input<typeof leadInputSchema>;

/** PATCH: any subset of the fields, and nothing else changes. */
export const leadPatchSchema = z.object(leadFields).partial();

export const LEAD_MESSAGES = { notFound: 'Lead not found' } as const;

/** A lead as received. */
export const leadSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    /** '' when unknown. */
    email: z.string().describe("'' when unknown"),
    /** '' when unknown. */
    phone: z.string().describe("'' when unknown"),
    status: z.enum(LEAD_STATUSES),
    source: z.string(),
    notes: z.string(),
    last_contacted: isoDateTime().nullable(),
    created_at: isoDateTime(),
  })
  .describe('A business lead: someone who may become a customer');
export type Lead = z.infer<typeof leadSchema>;

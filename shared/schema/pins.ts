import { z } from 'zod';
import { ID_MAX, LIMITS, PIN_LIMITS, PIN_STATUSES } from '../constants';
import { pageQueryFields } from '../pagination';
import { dollarsToCentsField } from '../money-field';
import { dollarAmount, isoDateTime } from './answer-fields';
import { identifierIdSchema } from './identifiers';
import { formatCount } from '../format';

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

const integerIn = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be between ${min} and ${formatCount(max)}`)
    .max(max, `${label} must be between ${min} and ${formatCount(max)}`);

/** The pin payload, with the server's bounds; lat/lng are accepted and ignored. */
export const createPinSchema = z.object({
  brand: z.string({ error: 'Brand is required' }).trim().min(1, 'Brand is required'),
  value: dollarsToCentsField('Value', PIN_LIMITS.valueMin, PIN_LIMITS.valueMax),
  quantity: integerIn('Quantity', PIN_LIMITS.quantityMin, PIN_LIMITS.quantityMax),
  radius: integerIn('Radius', PIN_LIMITS.radiusMin, PIN_LIMITS.radiusMax),
  locationId: z
    .number({ error: 'Store location is required' })
    .int('Store location is required')
    .positive('Store location is required')
    .max(ID_MAX, 'Unknown store location'),
  lat: z.number().optional(),
  lng: z.number().optional(),
  promotionMessage: z
    .string({ error: 'Promotion message must be text' })
    .max(
      PIN_LIMITS.promotionMessageMax,
      `Promotion message must be at most ${PIN_LIMITS.promotionMessageMax} characters`,
    )
    .default(''),
  targetIdentifiers: z
    .array(identifierIdSchema, { error: 'Target identifiers must be a list of ids' })
    .max(LIMITS.identifiersMax, 'Too many target identifiers')
    .default([]),
  showBusinessInfo: z.boolean({ error: 'showBusinessInfo must be true or false' }).default(true),
  /** Days from now until the pin expires. */
  expiresInDays: integerIn('Expiry', PIN_LIMITS.expiryDaysMin, PIN_LIMITS.expiryDaysMax).default(
    PIN_LIMITS.expiryDays,
  ),
});
export type CreatePinInput = z.input<typeof createPinSchema>;

/** `POST /api/pins/:id/extend`: push the expiry later, at most a year from today. */
export const extendPinSchema = z.object({
  days: integerIn('Days', 1, PIN_LIMITS.expiryDaysMax),
});
export type ExtendPinInput = z.input<typeof extendPinSchema>;

/** `POST /api/pins/:id/top-up`: more cards of the same value, reserved from the balance. */
export const topUpPinSchema = z.object({
  quantity: integerIn('Quantity', PIN_LIMITS.quantityMin, PIN_LIMITS.quantityMax),
});
export type TopUpPinInput = z.input<typeof topUpPinSchema>;

export const PIN_MANAGE_MESSAGES = {
  notFound: 'Pin not found',
  /** A pin the business can no longer change (cancelled or expired). */
  ended: (status: string) => `This pin is already ${status}`,
  notActive: 'Only an active pin can be paused',
  notPaused: 'Only a paused pin can be resumed',
  tooLong: `A pin can run at most ${PIN_LIMITS.expiryDaysMax} days from today`,
  tooMany: `A pin can offer at most ${formatCount(PIN_LIMITS.quantityMax)} cards`,
} as const;

export const pinListQuerySchema = z.object({
  /** One status, or several separated by commas (`active,paused,exhausted`). */
  status: z
    .string({ error: 'Unknown pin status' })
    .transform((value) => value.split(','))
    .pipe(z.array(z.enum(PIN_STATUSES, { error: 'Unknown pin status' })))
    .optional()
    .describe('One status, or several separated by commas (active,paused,exhausted)'),
  ...pageQueryFields,
});

/** A pin as its business sees it: the offer, its store, what was claimed and what remains. */
export const businessPinSchema = z
  .object({
    id: z.number().int(),
    brand: z.string(),
    locationId: z.number().int(),
    locationName: z.string(),
    street: z.string(),
    city: z.string(),
    state: z.string(),
    /** Dollars per card. */
    value: dollarAmount('Dollars per card'),
    /** Cards offered. */
    quantity: z.number().int().describe('Cards offered'),
    /** Cards left to claim. */
    remaining: z.number().int().describe('Cards left to claim'),
    /** Cards claimed: quantity − remaining. */
    claimed: z.number().int().describe('Cards claimed: quantity − remaining'),
    /** Cards from this pin spent at a counter at least once. */
    redeemed: z.number().int().describe('Cards from this pin spent at a counter at least once'),
    /** Claimed ÷ quantity, 0 to 1. */
    claimRate: z.number().min(0).max(1).describe('Claimed ÷ quantity, 0 to 1'),
    /** Miles around the store. */
    radius: z.number().int().describe('Miles around the store'),
    /** The store's position: the centre of the pin's reach. */
    lat: z.number().describe("The store's latitude"),
    lng: z.number().describe("The store's longitude"),
    promotionMessage: z.string(),
    showBusinessInfo: z.boolean(),
    /** Identifier ids the pin is aimed at, ascending; empty for everyone. */
    targetIdentifiers: z
      .array(z.number().int())
      .describe('Identifier ids the pin is aimed at, ascending; empty for everyone'),
    status: z.enum(PIN_STATUSES),
    expiresAt: isoDateTime(),
    createdAt: isoDateTime(),
  })
  .describe('A pin as its business sees it');
export type BusinessPin = z.infer<typeof businessPinSchema>;

/** The business dashboard's figures (`GET /api/business/dashboard`). */
export const businessDashboardStatsSchema = z
  .object({
    activePins: z.number().int(),
    /** Dollars: the value of the active pins' remaining cards. */
    totalValue: dollarAmount("Dollars: the value of the active pins' remaining cards"),
    /** 1-based position among businesses by value issued; null before the first pin. */
    rank: z
      .number()
      .int()
      .nullable()
      .describe('1-based position among businesses by value issued; null before the first pin'),
    rankedBusinesses: z.number().int(),
    /** A new business's first steps, each true once done; the checklist hides when all are. */
    firstSteps: z
      .object({
        fundsAdded: z.boolean(),
        pinCreated: z.boolean(),
        firstClaim: z.boolean(),
      })
      .describe("A new business's first steps: funds added, a pin created, a first claim"),
  })
  .describe("The business dashboard: active pins, their remaining value and the business's rank");
export type BusinessDashboardStats = z.infer<typeof businessDashboardStatsSchema>;

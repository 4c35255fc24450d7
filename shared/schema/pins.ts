import { z } from 'zod';
import { ID_MAX, LIMITS, PIN_LIMITS, PIN_STATUSES } from '../constants';
import { pageQueryFields } from '../pagination';
import { dollarsToCentsField } from '../money-field';
import { dollarAmount, isoDateTime } from './answer-fields';
import { identifierIdSchema } from './identifiers';

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

const integerIn = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be between ${min} and ${max.toLocaleString('en-US')}`)
    .max(max, `${label} must be between ${min} and ${max.toLocaleString('en-US')}`);

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
});
export type CreatePinInput = z.input<typeof createPinSchema>;

export const pinListQuerySchema = z.object({
  status: z.enum(PIN_STATUSES, { error: 'Unknown pin status' }).optional(),
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
    /** Miles around the store. */
    radius: z.number().int().describe('Miles around the store'),
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
  })
  .describe("The business dashboard: active pins, their remaining value and the business's rank");
export type BusinessDashboardStats = z.infer<typeof businessDashboardStatsSchema>;

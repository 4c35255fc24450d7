import { z } from 'zod';
import { dollarAmount } from './answer-fields';

// ---------------------------------------------------------------------------------------------
// Charts: each from one query over the caller's own data; days and months are UTC.
// ---------------------------------------------------------------------------------------------

/** The days the activity chart covers, today included. */
export const ACTIVITY_CHART_DAYS = 30;
/** The months the consumer's gifts chart covers, this month included. */
export const GIFTS_CHART_MONTHS = 12;
/** Stores on the top-stores chart. */
export const TOP_STORES_CHART_SIZE = 5;

/** `GET /api/business/charts/activity`: one entry per UTC day, oldest first, zeros included. */
export const activityChartDaySchema = z
  .object({
    /** The UTC day, YYYY-MM-DD. */
    date: z.string().describe('The UTC day, YYYY-MM-DD'),
    /** Cards claimed from the business's pins that day. */
    claims: z.number().int().describe("Cards claimed from the business's pins that day"),
    /** Spends that day of cards the business's pins issued. */
    redemptions: z.number().int().describe("Spends that day of cards the business's pins issued"),
  })
  .describe('Claims and redemptions on one UTC day');
export type ActivityChartDay = z.infer<typeof activityChartDaySchema>;

/** `GET /api/business/charts/value`: where the value of the claimed cards stands, in dollars. */
export const valueChartSchema = z
  .object({
    /** Value of every card claimed from the business's pins. */
    issued: dollarAmount("Value of every card claimed from the business's pins"),
    /** Of that, spent at counters. */
    redeemed: dollarAmount('Of that, spent at counters'),
    /** Of that, still on unexpired cards. */
    outstanding: dollarAmount('Of that, still on unexpired cards'),
    /** Of that, returned to the business when cards expired unspent. */
    returned: dollarAmount('Of that, returned to the business when cards expired unspent'),
  })
  .describe('The value of the cards claimed from my pins: issued, redeemed, outstanding, returned');
export type ValueChart = z.infer<typeof valueChartSchema>;

/** `GET /api/business/charts/top-stores`: the stores with the most claims, most first. */
export const topStoreSchema = z
  .object({
    /** The store (a pin's locationId). */
    locationId: z.number().int().describe("The store (a pin's locationId)"),
    locationName: z.string(),
    city: z.string(),
    /** USPS code. */
    state: z.string().describe('USPS code'),
    /** Cards claimed from the business's pins on this store, all time. */
    claims: z.number().int().describe("Cards claimed from the business's pins on this store"),
  })
  .describe('A store and the cards claimed from pins on it');
export type TopStore = z.infer<typeof topStoreSchema>;

/** `GET /api/wallet/charts/gifts`: the consumer's gifts per UTC month, oldest first, zeros included. */
export const giftsChartMonthSchema = z
  .object({
    /** The UTC month, YYYY-MM. */
    month: z.string().describe('The UTC month, YYYY-MM'),
    /** Gifts the consumer gave that month. */
    sent: z.number().int().describe('Gifts the consumer gave that month'),
    /** Gifts given to the consumer that month, by friends or guests. */
    received: z.number().int().describe('Gifts given to the consumer that month'),
  })
  .describe('Gifts sent and received in one UTC month');
export type GiftsChartMonth = z.infer<typeof giftsChartMonthSchema>;

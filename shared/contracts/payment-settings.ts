import { z } from 'zod';
import { contractGroup, defineContract } from '../contract';
import { proofRateLimit } from './two-factor';
import {
  payoutAccountInputSchema,
  payoutAccountSchema,
  removePayoutAccountSchema,
  saveCardSchema,
  savedCardParamsSchema,
  savedCardSchema,
} from '../schema/payments';

const tag = 'Payment Settings';

/** Redirecting payouts is what a stolen session would do first: a password is not enough. */
const twoFactorOff = "Two-factor authentication is off (`code: 'TWO_FACTOR_REQUIRED'`)";

/** Payment Settings: the cards a person pays with, and where a business's withdrawals go. */
export const paymentSettingsContracts = contractGroup('paymentSettings', {
  cards: defineContract({
    method: 'get',
    path: '/payments/cards',
    summary: 'My saved cards: brand, last four digits, expiry, which is the default',
    tag,
    access: 'signed-in',
    answer: {
      kind: 'json',
      status: 200,
      schema: z.array(savedCardSchema),
      description: 'The default card first, then the newest',
    },
  }),
  saveCard: defineContract({
    method: 'post',
    path: '/payments/cards',
    summary: 'Save a card from a token the payment provider made (the first becomes the default)',
    tag,
    access: 'signed-in',
    body: saveCardSchema,
    answer: {
      kind: 'json',
      status: 201,
      schema: savedCardSchema,
      description: 'The card saved',
      otherStatuses: [{ status: 200, description: 'That token was already saved: its card' }],
    },
    errors: { 409: 'You already saved as many cards as one account may keep' },
    // Saving is how a stolen card would be tried out.
    rateLimits: [
      {
        name: 'card-saves',
        per: 'account',
        setting: 'cardSavesPerHour',
        windowSeconds: 60 * 60,
        message: 'Too many cards saved. Please try again later.',
      },
    ],
  }),
  setDefaultCard: defineContract({
    method: 'post',
    path: '/payments/cards/:id/default',
    summary: 'Make one of my saved cards the default',
    tag,
    access: 'signed-in',
    params: savedCardParamsSchema,
    answer: {
      kind: 'json',
      status: 200,
      schema: savedCardSchema,
      description: 'The card, now the default',
    },
    errors: { 404: 'No saved card of that id is yours' },
  }),
  removeCard: defineContract({
    method: 'delete',
    path: '/payments/cards/:id',
    summary: 'Remove one of my saved cards (the newest remaining becomes the default)',
    tag,
    access: 'signed-in',
    params: savedCardParamsSchema,
    answer: { kind: 'empty', description: 'Removed' },
    errors: { 404: 'No saved card of that id is yours' },
  }),
  payoutAccount: defineContract({
    method: 'get',
    path: '/payments/payout-account',
    summary: "My business's payout bank account (holder, last four digits), or null",
    tag,
    access: 'business',
    answer: {
      kind: 'json',
      status: 200,
      schema: payoutAccountSchema.nullable(),
      description: 'The bank account withdrawals go to, or null when there is none',
    },
  }),
  savePayoutAccount: defineContract({
    method: 'put',
    path: '/payments/payout-account',
    summary:
      'Set the bank account withdrawals go to (two-factor on and a current code; the account is e-mailed)',
    tag,
    access: 'business',
    body: payoutAccountInputSchema,
    answer: {
      kind: 'json',
      status: 200,
      schema: payoutAccountSchema,
      description: 'The bank account saved: the last four digits only',
    },
    stepUp: true,
    errors: { 403: twoFactorOff },
    rateLimits: [proofRateLimit],
  }),
  removePayoutAccount: defineContract({
    method: 'delete',
    path: '/payments/payout-account',
    summary: 'Remove the payout bank account (a current two-factor code; the account is e-mailed)',
    tag,
    access: 'business',
    body: removePayoutAccountSchema,
    answer: { kind: 'empty', description: 'Removed: withdrawals wait for another account' },
    stepUp: true,
    errors: { 403: twoFactorOff, 404: 'No payout bank account is on file' },
    rateLimits: [proofRateLimit],
  }),
});

import { z } from 'zod';
import {
  PAYMENT_SETTINGS_MESSAGES,
  payoutAccountInputSchema,
  payoutAccountSchema,
  removePayoutAccountSchema,
  saveCardSchema,
  savedCardParamsSchema,
  savedCardSchema,
} from '@shared/schema/payments';
import { type RouteDependencies } from '../app-context';
import { requireTwoFactorOn } from '../auth/step-up';
import { type ApiRoute, defineRoute, reply } from '../lib/api-route';
import {
  getPayoutAccount,
  removePayoutAccount,
  savePayoutAccount,
} from '../services/payments/payout-account';
import {
  listSavedCards,
  removeSavedCard,
  saveCard,
  setDefaultCard,
} from '../services/payments/saved-cards';

/** Payment Settings: the cards a person pays with, and where a business's withdrawals go. */
export function paymentSettingsRoutes({
  db,
  config,
  jobs,
  paymentProvider,
}: RouteDependencies): ApiRoute[] {
  const tag = 'Payment Settings';
  const limit = { perAccount: config.rateLimits.twoFactorPerAccount };
  // Redirecting payouts is what a stolen session would do first: a password is not enough.
  const twoFactorOn = requireTwoFactorOn(db, PAYMENT_SETTINGS_MESSAGES.twoFactorRequired);
  return [
    defineRoute({
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
      handle: ({ user }) => listSavedCards(db, user.id),
    }),
    defineRoute({
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
      handle: async ({ user, body }) => {
        const { card, created } = await saveCard(db, paymentProvider, user.id, body);
        return reply(created ? 201 : 200, card);
      },
    }),
    defineRoute({
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
      handle: ({ user, params }) => setDefaultCard(db, user.id, params.id),
    }),
    defineRoute({
      method: 'delete',
      path: '/payments/cards/:id',
      summary: 'Remove one of my saved cards (the newest remaining becomes the default)',
      tag,
      access: 'signed-in',
      params: savedCardParamsSchema,
      answer: { kind: 'empty', description: 'Removed' },
      handle: ({ user, params }) => removeSavedCard(db, user.id, params.id),
    }),
    defineRoute({
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
      handle: ({ user }) => getPayoutAccount(db, user.id),
    }),
    defineRoute({
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
      before: [twoFactorOn],
      stepUp: true,
      handle: ({ user, body }) =>
        savePayoutAccount(db, { provider: paymentProvider, jobs, limit }, user.id, body),
    }),
    defineRoute({
      method: 'delete',
      path: '/payments/payout-account',
      summary:
        'Remove the payout bank account (a current two-factor code; the account is e-mailed)',
      tag,
      access: 'business',
      body: removePayoutAccountSchema,
      answer: { kind: 'empty', description: 'Removed: withdrawals wait for another account' },
      before: [twoFactorOn],
      stepUp: true,
      handle: ({ user, body }) => removePayoutAccount(db, { jobs, limit }, user.id, body.code),
    }),
  ];
}

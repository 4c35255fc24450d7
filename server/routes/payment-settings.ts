import { paymentSettingsContracts as contracts } from '@shared/contracts/payment-settings';
import { PAYMENT_SETTINGS_MESSAGES } from '@shared/schema/payments';
import { type RouteDependencies } from '../app-context';
import { requireTwoFactorOn } from '../auth/step-up';
import { type ApiRoute, implement, reply } from '../lib/api-route';
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
  jobs,
  paymentProvider,
}: RouteDependencies): ApiRoute[] {
  // Redirecting payouts is what a stolen session would do first: a password is not enough.
  const twoFactorOn = requireTwoFactorOn(db, PAYMENT_SETTINGS_MESSAGES.twoFactorRequired);
  return [
    implement(contracts.cards, ({ user }) => listSavedCards(db, user.id)),
    implement(contracts.saveCard, async ({ user, body }) => {
      const { card, created } = await saveCard(db, paymentProvider, user.id, body);
      return reply(created ? 201 : 200, card);
    }),
    implement(contracts.setDefaultCard, ({ user, params }) =>
      setDefaultCard(db, user.id, params.id),
    ),
    implement(contracts.removeCard, ({ user, params }) => removeSavedCard(db, user.id, params.id)),
    implement(contracts.payoutAccount, ({ user }) => getPayoutAccount(db, user.id)),
    implement(
      contracts.savePayoutAccount,
      ({ user, body }) => savePayoutAccount(db, { provider: paymentProvider, jobs }, user.id, body),
      { before: [twoFactorOn] },
    ),
    implement(
      contracts.removePayoutAccount,
      ({ user, body }) => removePayoutAccount(db, { jobs }, user.id, body.code),
      { before: [twoFactorOn] },
    ),
  ];
}

import { centsToDollars } from '@shared/money';
import { formatRedemptionCode, type RedemptionLookup } from '@shared/schema/gift-cards';
import { type Database } from '../../db/client';
import { listBusinessStores } from './business-brands';
import { assertRedeemable, findCodeCard } from './code-card';
import { type CodeAttempt, withCodeAttempt } from './code-attempts';
import { firstNameOf } from './redemption-code';

/**
 * What the cashier sees before taking a card: brand, balance, expiry, whether it is promotional,
 * the holder's first name and the business's stores of the brand. Nothing changes; a code that
 * matches no card counts toward the business's allowance of misses.
 */
export async function lookupRedemption(
  db: Database,
  attempt: CodeAttempt,
  code: string,
): Promise<RedemptionLookup> {
  return withCodeAttempt(db, attempt, async () => {
    const found = await findCodeCard(db, code);
    const { card } = found;
    // The stores are read beside the card's checks (one wait instead of two); when a check
    // refuses the card, they are not used.
    const [, stores] = await Promise.all([
      assertRedeemable(db, found, attempt.businessId),
      listBusinessStores(db, attempt.businessId, card.brandId),
    ]);
    return {
      code: formatRedemptionCode(found.code),
      expiresAt: new Date(found.codeExpiresAt).toISOString(),
      card: {
        brand: card.brandId,
        balance: centsToDollars(card.account.balanceCents),
        expires: new Date(card.expiresAt).toISOString(),
        promotional: card.promotional,
      },
      holderFirstName: firstNameOf(card.ownerName),
      stores,
    };
  });
}

import { centsToDollars } from '@shared/money';
import { formatRedemptionCode, type RedemptionLookup } from '@shared/schema/gift-cards';
import { type Database } from '../../db/client';
import { findRedeemableAtCounter } from './code-card';
import { firstNameOf } from './redemption-code';

/**
 * What the cashier sees before taking a card: brand, balance, expiry, whether it is promotional,
 * the holder's first name and the business's stores of the brand. Nothing changes; a code that
 * matches no card (404) counts toward the business's allowance of misses (`codeMissRateLimit`).
 */
export async function lookupRedemption(
  db: Database,
  businessId: number,
  code: string,
): Promise<RedemptionLookup> {
  const { found, stores } = await findRedeemableAtCounter(db, code, businessId);
  const { card } = found;
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
}

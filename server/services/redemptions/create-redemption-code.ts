import { eq, sql } from 'drizzle-orm';
import { centsToDollars } from '@shared/money';
import {
  formatRedemptionCode,
  REDEMPTION_CODE,
  type RedemptionCode,
} from '@shared/schema/gift-cards';
import { giftCards, redemptionCodes } from '@shared/tables/gift-cards';
import { type Database } from '../../db/client';
import { isUniqueViolation } from '../../lib/database-errors';
import { giftCardQrCode } from '../gift-cards/gift-card-code';
import { lockUsableGiftCard } from '../gift-cards/lock-owned-gift-card';
import { generateRedemptionCode, redemptionLink } from './redemption-code';

/** Two draws of 40 bits colliding with a live code is rare enough; three in a row does not happen. */
const ATTEMPTS = 3;

/**
 * A new code for spending the owner's card at a counter, valid for a minute and a half and once.
 * Only the owner of a usable card gets one (someone else's card answers 404, a spent one 409, an
 * expired one 410). Earlier codes keep working until they expire: a cashier who typed the code a
 * moment before the holder's screen refreshed still gets through.
 */
export async function createRedemptionCode(
  db: Database,
  ownerId: number,
  cardId: number,
  { publicUrl }: { publicUrl: string },
): Promise<RedemptionCode> {
  for (let attempt = 1; ; attempt++) {
    try {
      const created = await db.transaction(async (tx) => {
        const card = await lockUsableGiftCard(tx, ownerId, cardId);
        const [row] = await tx
          .insert(redemptionCodes)
          .values({
            code: generateRedemptionCode(),
            giftCardId: card.id,
            ownerId,
            expiresAt: sql`now() + make_interval(secs => ${REDEMPTION_CODE.validSeconds})`,
          })
          .returning({ code: redemptionCodes.code, expiresAt: redemptionCodes.expiresAt });
        const [issued] = await tx
          .select({ pinId: giftCards.pinId })
          .from(giftCards)
          .where(eq(giftCards.id, card.id));
        if (!row) throw new Error('The redemption code was not stored');
        return { ...row, card, promotional: issued?.pinId != null };
      });
      const code = formatRedemptionCode(created.code);
      return {
        code,
        qrCode: await giftCardQrCode(redemptionLink(publicUrl, code)),
        expiresAt: new Date(created.expiresAt).toISOString(),
        card: {
          id: created.card.id,
          brand: created.card.brandId,
          balance: centsToDollars(created.card.account.balanceCents),
          expires: new Date(created.card.expiresAt).toISOString(),
          promotional: created.promotional,
          status: created.card.status,
        },
      };
    } catch (error) {
      if (attempt < ATTEMPTS && isUniqueViolation(error) === 'redemption_codes_pkey') continue;
      throw error;
    }
  }
}

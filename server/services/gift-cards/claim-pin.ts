import { and, eq, sql } from 'drizzle-orm';
import { brandDisplayName } from '@shared/constants';
import { formatDollars } from '@shared/money';
import {
  CLAIM_MESSAGES,
  type ClaimResult,
  type WalletGiftCard,
  type claimPinSchema,
} from '@shared/schema/gift-cards';
import { giftCards } from '@shared/tables/gift-cards';
import { ledgerAccounts } from '@shared/tables/ledger';
import { stores } from '@shared/tables/locations';
import { pins } from '@shared/tables/pins';
import { userIdentifiers, users } from '@shared/tables/users';
import { type z } from 'zod';
import { type Database } from '../../db/client';
import { isUniqueViolation } from '../../lib/database-errors';
import { AppError, notFound } from '../../lib/errors';
import { upsertLeadFromClaim } from '../leads/leads';
import { postTransactionExceptHot } from '../ledger/post-transaction';
import { notify } from '../notifications/notify';
import { generateGiftCardCode } from './gift-card-code';
import { findOwnedGiftCard } from './present-gift-card';
import { recordCardActivity } from './record-card-activity';

const alreadyClaimed = () => new AppError('CONFLICT', CLAIM_MESSAGES.alreadyClaimed);

/** Why an active-looking pin cannot give a card right now. */
function unavailable(pin: { status: string; expiresAt: Date; remaining: number }): AppError {
  if (pin.status === 'cancelled') return new AppError('GONE', CLAIM_MESSAGES.cancelled);
  if (pin.status === 'expired' || new Date(pin.expiresAt).getTime() <= Date.now()) {
    return new AppError('GONE', CLAIM_MESSAGES.expired);
  }
  if (pin.status === 'paused') return new AppError('CONFLICT', CLAIM_MESSAGES.paused);
  return new AppError('CONFLICT', CLAIM_MESSAGES.soldOut);
}

/**
 * A consumer takes one card from a pin: at most once per consumer and pin (a unique
 * index), never more cards than the pin's quantity (a conditional decrement), and the card's value
 * moves from the pin's reserve to the card's own ledger account, all in one transaction. The
 * business gets the consumer's name and e-mail, and their phone only when `sharePhone` says so.
 */
export async function claimPin(
  db: Database,
  consumerId: number,
  pinId: number,
  consent: z.output<typeof claimPinSchema> = { sharePhone: false },
): Promise<ClaimResult> {
  let claimed: { giftCard: WalletGiftCard; remaining: number };
  try {
    claimed = await db.transaction(async (tx) => {
      // Whether the pin is offered to this consumer is decided by offered_pins (a function of the
      // migrations), as the marketplace decides it; the other columns only explain a refusal.
      const [pin] = await tx
        .select({
          id: pins.id,
          businessId: pins.businessId,
          businessName: users.name,
          brandId: pins.brandId,
          valueCents: pins.valueCents,
          status: pins.status,
          remaining: pins.remaining,
          expiresAt: pins.expiresAt,
          storeName: stores.name,
          storeId: pins.locationId,
          offered: sql<boolean>`exists (select 1 from offered_pins(${consumerId}) as offered
            where offered.id = ${pins.id})`,
          claimedBefore: sql<boolean>`exists (select 1 from ${giftCards}
            where ${giftCards.pinId} = ${pins.id} and ${giftCards.claimedBy} = ${consumerId})`,
          aimedAtConsumer: sql<boolean>`pin_aimed_at(${pins}, array(
            select ${userIdentifiers.identifierId} from ${userIdentifiers}
            where ${userIdentifiers.userId} = ${consumerId}))`,
        })
        .from(pins)
        .innerJoin(users, eq(users.id, pins.businessId))
        .innerJoin(stores, eq(stores.id, pins.locationId))
        .where(eq(pins.id, pinId));
      if (!pin) throw notFound(CLAIM_MESSAGES.notFound);
      if (!pin.offered) {
        if (pin.claimedBefore) throw alreadyClaimed();
        if (!pin.aimedAtConsumer) throw new AppError('FORBIDDEN', CLAIM_MESSAGES.notOffered);
        throw unavailable(pin);
      }

      // Everything that does not touch the pin's row or its reserve's comes first, while other
      // claims of the same pin run alongside: those two rows, which every claim of the pin
      // updates, are taken last, just before the commit, and stay locked only that long.
      const [card] = await tx
        .insert(giftCards)
        .values({
          ownerId: consumerId,
          brandId: pin.brandId,
          valueCents: pin.valueCents,
          code: generateGiftCardCode(),
          source: 'pin_claim',
          senderName: pin.businessName,
          pinId,
          claimedBy: consumerId,
          businessId: pin.businessId,
          expiresAt: pin.expiresAt,
        })
        .returning({ id: giftCards.id });
      if (!card) throw new Error('Gift card was not issued');

      const [cardAccount] = await tx
        .insert(ledgerAccounts)
        .values({ kind: 'gift_card', giftCardId: card.id })
        .returning({ id: ledgerAccounts.id, kind: ledgerAccounts.kind });
      const [reserve] = await tx
        .select({ id: ledgerAccounts.id, kind: ledgerAccounts.kind })
        .from(ledgerAccounts)
        .where(eq(ledgerAccounts.pinId, pinId));
      if (!cardAccount || !reserve) throw new Error(`Ledger accounts missing for pin ${pinId}`);

      // The entries and the card's balance now; the reserve's balance by `applyHot` below.
      const claim = await postTransactionExceptHot(
        tx,
        {
          kind: 'claim',
          userId: consumerId,
          amountCents: pin.valueCents,
          description: `Claimed a $${(pin.valueCents / 100).toFixed(2)} gift card from ${pin.businessName}`,
          pinId,
          giftCardId: card.id,
          entries: [
            { account: reserve, amountCents: -pin.valueCents },
            { account: cardAccount, amountCents: pin.valueCents },
          ],
        },
        reserve,
      );
      await recordCardActivity(tx, {
        giftCardId: card.id,
        kind: 'issued',
        amountCents: pin.valueCents,
        balanceAfterCents: pin.valueCents,
        actorId: pin.businessId,
        actorName: pin.businessName,
        recipientId: consumerId,
        businessId: pin.businessId,
        storeId: pin.storeId,
        ledgerTransactionId: claim.id,
      });
      // The consumer becomes (or stays) a lead of the business, which hears of it.
      const [consumer] = await tx
        .select({ id: users.id, name: users.name, email: users.email, phone: users.phone })
        .from(users)
        .where(eq(users.id, consumerId));
      if (!consumer) throw new Error(`No consumer ${consumerId}`);
      const value = formatDollars(pin.valueCents);
      const brand = brandDisplayName(pin.brandId);
      const leadId = await upsertLeadFromClaim(tx, {
        businessId: pin.businessId,
        consumer,
        sharePhone: consent.sharePhone,
        source: `Pin: ${brand} ${value} at ${pin.storeName}`,
      });
      await notify(tx, {
        recipientId: pin.businessId,
        type: 'lead_created',
        actorId: consumerId,
        amountCents: pin.valueCents,
        referenceType: 'lead',
        referenceId: leadId,
        message: `${consumer.name} claimed your ${value} ${brand} pin at ${pin.storeName}`,
      });
      // The answer is read before the commit: once it is committed, nothing is left to fail
      // (a claim saved but answered with an error would invite a second one).
      const giftCard = await findOwnedGiftCard(tx, consumerId, card.id);
      if (!giftCard) throw new Error('Claimed gift card not found');

      // Last, the pin's stock: the pin's own part of the offer (active, cards left, unexpired:
      // pin_on_offer, which offered_pins is made of) is checked again on the row this statement
      // locks, so that of concurrent claims and a cancellation each sees the others' committed
      // change. No card left (or the pin paused, cancelled or expired meanwhile) throws, and the
      // whole claim above rolls back with it. The pin's row is locked before its reserve's, as
      // a top-up and a refund lock them.
      const [taken] = await tx
        .update(pins)
        .set({
          remaining: sql`${pins.remaining} - 1`,
          status: sql`case when ${pins.remaining} = 1 then 'exhausted' else ${pins.status} end`,
        })
        .where(and(eq(pins.id, pinId), sql`pin_on_offer(${pins})`))
        .returning({ remaining: pins.remaining });
      if (!taken) {
        const [current] = await tx
          .select({ status: pins.status, expiresAt: pins.expiresAt, remaining: pins.remaining })
          .from(pins)
          .where(eq(pins.id, pinId));
        throw unavailable(current ?? pin);
      }
      // Then the card's value leaves the reserve, and the transaction commits.
      await claim.applyHot();
      return { giftCard, remaining: taken.remaining };
    });
  } catch (error) {
    // Two claims by one consumer raced past the check: the unique index let one through.
    if (isUniqueViolation(error) === 'gift_cards_pin_claim_idx') throw alreadyClaimed();
    throw error;
  }

  return { giftCard: claimed.giftCard, pin: { id: pinId, remaining: claimed.remaining } };
}

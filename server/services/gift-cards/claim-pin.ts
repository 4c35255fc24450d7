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
import { preparedQuery } from '../../db/prepared';
import { isUniqueViolation } from '../../lib/database-errors';
import { AppError, notFound } from '../../lib/errors';
import { upsertLeadFromClaim } from '../leads/leads';
import { NothingTaken, postTransactionExceptHot } from '../ledger/post-transaction';
import { notify } from '../notifications/notify';
import { generateGiftCardCode } from './gift-card-code';
import { giftCardAnswerColumns, toWalletGiftCard } from './present-gift-card';
import { recordCardActivity } from './record-card-activity';

const alreadyClaimed = () => new AppError('CONFLICT', CLAIM_MESSAGES.alreadyClaimed);

/** Why an active-looking pin cannot give a card right now. */
function unavailable(pin: { status: string; expiresAt: Date | string }): AppError {
  if (pin.status === 'cancelled') return new AppError('GONE', CLAIM_MESSAGES.cancelled);
  if (pin.status === 'expired' || new Date(pin.expiresAt).getTime() <= Date.now()) {
    return new AppError('GONE', CLAIM_MESSAGES.expired);
  }
  if (pin.status === 'paused') return new AppError('CONFLICT', CLAIM_MESSAGES.paused);
  return new AppError('CONFLICT', CLAIM_MESSAGES.soldOut);
}

/** The pin as a claim needs it, with what decides and explains whether it is offered. */
type ClaimCandidate = {
  businessId: number;
  businessName: string;
  brandId: string;
  valueCents: number;
  status: string;
  remaining: number;
  expiresAt: Date | string;
  storeName: string;
  storeId: number;
  reserveId: number | null;
  consumerName: string;
  consumerEmail: string;
  consumerPhone: string | null;
  offered: boolean;
  claimedBefore: boolean;
  aimedAtConsumer: boolean;
};

/**
 * Everything a claim reads, in one statement planned once per connection: the pin, its business,
 * store and reserve account, the consumer (for the lead), and whether the pin is offered to them —
 * decided by offered_pins (a function of the migrations), as the marketplace decides it — with
 * what explains a refusal. No lock is taken: the pin's stock is taken at the end of the claim.
 */
const claimCandidate = preparedQuery<ClaimCandidate>(
  'claim_candidate',
  () => sql`
    select p.business_id as "businessId", business.name as "businessName",
           p.brand_id as "brandId", p.value_cents as "valueCents", p.status, p.remaining,
           p.expires_at as "expiresAt", store.name as "storeName", p.location_id as "storeId",
           (select reserve.id from ${ledgerAccounts} reserve where reserve.pin_id = p.id)
             as "reserveId",
           consumer.name as "consumerName", consumer.email as "consumerEmail",
           consumer.phone as "consumerPhone",
           exists (select 1 from offered_pins(consumer.id) as offered where offered.id = p.id)
             as offered,
           exists (select 1 from ${giftCards} card
                    where card.pin_id = p.id and card.claimed_by = consumer.id) as "claimedBefore",
           pin_aimed_at(p, array(select mine.identifier_id from ${userIdentifiers} mine
                                  where mine.user_id = consumer.id)) as "aimedAtConsumer"
      from ${pins} p
      join ${users} business on business.id = p.business_id
      join ${stores} store on store.id = p.location_id
      join ${users} consumer on consumer.id = ${sql.placeholder('consumerId')}
     where p.id = ${sql.placeholder('pinId')}`,
);

/** Cards a client address may claim in a day (CLAIMS_PER_ADDRESS_PER_DAY), and its address. */
/**
 * A consumer takes one card from a pin: at most once per consumer and pin (a unique
 * index), never more cards than the pin's quantity (a conditional decrement), and the card's value
 * moves from the pin's reserve to the card's own ledger account, all in one transaction. The
 * business gets the consumer's name and e-mail, and their phone only when `sharePhone` says so.
 * How many cards one client address claims a day is the claim contract's limit.
 */
export async function claimPin(
  db: Database,
  consumerId: number,
  pinId: number,
  consent: z.output<typeof claimPinSchema> = { sharePhone: false },
): Promise<ClaimResult> {
  return claimCard(db, consumerId, pinId, consent);
}

async function claimCard(
  db: Database,
  consumerId: number,
  pinId: number,
  consent: z.output<typeof claimPinSchema>,
): Promise<ClaimResult> {
  let claimed: { giftCard: WalletGiftCard; remaining: number };
  /** The pin as the claim found it, offered to the consumer. */
  let offered: ClaimCandidate | undefined;
  try {
    claimed = await db.transaction(async (tx) => {
      const [pin] = await claimCandidate(tx, 'all', { consumerId, pinId });
      if (!pin) throw notFound(CLAIM_MESSAGES.notFound);
      if (!pin.offered) {
        if (pin.claimedBefore) throw alreadyClaimed();
        if (!pin.aimedAtConsumer) throw new AppError('FORBIDDEN', CLAIM_MESSAGES.notOffered);
        throw unavailable(pin);
      }
      offered = pin;
      if (pin.reserveId === null) throw new Error(`Ledger account missing for pin ${pinId}`);
      const expiresAt = new Date(pin.expiresAt);

      // Everything that does not touch the pin's row or its reserve's comes first, while other
      // claims of the same pin run alongside: those two rows, which every claim of the pin
      // updates, are taken last, just before the commit, and stay locked only that long.
      // The card and its own ledger account in one statement (the account takes the card's id
      // from the card's RETURNING); the answer's columns with them: with the balance (the whole
      // value, credited below) it is the card as the wallet shows it, with no read after the
      // writes.
      const issued = tx.$with('issued').as(
        tx
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
            expiresAt,
          })
          .returning(giftCardAnswerColumns),
      );
      const opened = tx.$with('opened').as(
        tx
          .insert(ledgerAccounts)
          .values({ kind: 'gift_card', giftCardId: sql`(select ${issued.id} from ${issued})` })
          .returning({ accountId: ledgerAccounts.id }),
      );
      const [row] = await tx.with(issued, opened).select().from(issued).crossJoin(opened);
      if (!row) throw new Error('Gift card was not issued');
      const card = row.issued;
      const cardAccount = { id: row.opened.accountId, kind: 'gift_card' as const };
      const reserve = { id: pin.reserveId, kind: 'pin_reserve' as const };

      // The entries and the card's balance now; the reserve's balance with the pin's stock below.
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
      const consumer = {
        id: consumerId,
        name: pin.consumerName,
        email: pin.consumerEmail,
        phone: pin.consumerPhone,
      };
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
      const giftCard = toWalletGiftCard({ ...card, balanceCents: pin.valueCents });

      // Last, the pin's stock and the card's value leaving its reserve, in one statement sent
      // with the commit. The pin's own part of the offer (active, cards left, unexpired:
      // pin_on_offer, which offered_pins is made of) is checked again on the row this statement
      // locks, so that of concurrent claims and a cancellation each sees the others' committed
      // change. No card left (or the pin paused, cancelled or expired meanwhile) throws, and the
      // whole claim above rolls back with it. The pin's row is locked before its reserve's, as
      // a top-up and a refund lock them.
      const taken = await claim.applyHotAndCommit<{ remaining: number }>(
        tx
          .update(pins)
          .set({
            remaining: sql`${pins.remaining} - 1`,
            status: sql`case when ${pins.remaining} = 1 then 'exhausted' else ${pins.status} end`,
          })
          .where(and(eq(pins.id, pinId), sql`pin_on_offer(${pins})`))
          .returning({ remaining: pins.remaining }),
      );
      return { giftCard, remaining: taken.remaining };
    });
  } catch (error) {
    // Two claims by one consumer raced past the check: the unique index let one through.
    if (isUniqueViolation(error) === 'gift_cards_pin_claim_idx') throw alreadyClaimed();
    // The pin gave no card at the end: said as its row stands now that the claim rolled back.
    if (error instanceof NothingTaken && offered) {
      const [current] = await db
        .select({ status: pins.status, expiresAt: pins.expiresAt, remaining: pins.remaining })
        .from(pins)
        .where(eq(pins.id, pinId));
      throw unavailable(current ?? offered);
    }
    throw error;
  }

  return { giftCard: claimed.giftCard, pin: { id: pinId, remaining: claimed.remaining } };
}

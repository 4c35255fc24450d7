import { sql } from 'drizzle-orm';
import { PAID_CARD_EXPIRY_YEARS } from '@shared/constants';
import { SYSTEM_ACCOUNTS } from '@shared/schema/ledger';
import { giftCards } from '@shared/tables/gift-cards';
import { ledgerAccounts } from '@shared/tables/ledger';
import { type Database } from '../db/client';
import { queryRows } from '../db/query-rows';
import { getSystemAccount } from '../services/ledger/accounts';
import { postTransaction } from '../services/ledger/post-transaction';
import { generateGiftCardCode } from '../services/gift-cards/gift-card-code';
import { recordCardActivity } from '../services/gift-cards/record-card-activity';

/**
 * A card bought with money for `ownerId` (no pin, paid through payment clearing, five years of
 * life), as a purchase issues it; `expiresIn` overrides its expiry (a Postgres interval).
 */
export async function insertPaidCard(
  db: Database,
  card: {
    ownerId: number;
    buyerName: string;
    valueCents: number;
    brandId?: string;
    message?: string;
    expiresIn?: string;
  },
): Promise<number> {
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(giftCards)
      .values({
        ownerId: card.ownerId,
        brandId: card.brandId ?? 'starbucks',
        valueCents: card.valueCents,
        code: generateGiftCardCode(),
        source: 'guest_gift',
        senderName: card.buyerName,
        message: card.message ?? '',
        expiresAt: card.expiresIn
          ? sql`now() + ${card.expiresIn}::interval`
          : sql`now() + make_interval(years => ${PAID_CARD_EXPIRY_YEARS})`,
      })
      .returning({ id: giftCards.id });
    if (!created) throw new Error('Paid card was not inserted');
    const [account] = await tx
      .insert(ledgerAccounts)
      .values({ kind: 'gift_card', giftCardId: created.id })
      .returning({ id: ledgerAccounts.id, kind: ledgerAccounts.kind });
    if (!account) throw new Error('Paid card account was not opened');
    const clearing = await getSystemAccount(tx, SYSTEM_ACCOUNTS.paymentClearing);
    const transactionId = await postTransaction(tx, {
      kind: 'guest_gift',
      userId: null,
      amountCents: card.valueCents,
      description: 'Gift card paid by card (test)',
      giftCardId: created.id,
      entries: [
        { account: clearing, amountCents: -card.valueCents },
        { account, amountCents: card.valueCents },
      ],
    });
    await recordCardActivity(tx, {
      giftCardId: created.id,
      kind: 'issued',
      amountCents: card.valueCents,
      balanceAfterCents: card.valueCents,
      actorName: card.buyerName,
      recipientId: card.ownerId,
      message: card.message ?? '',
      ledgerTransactionId: transactionId,
    });
    return created.id;
  });
}

/** Moves a card's expiry to just past (as if the time had come). */
export async function expireCardNow(db: Database, cardId: number): Promise<void> {
  await db.execute(
    sql`update gift_cards set expires_at = now() - interval '1 second' where id = ${cardId}`,
  );
}

/** What a card's ledger account holds, in cents. */
export async function cardBalanceCents(db: Database, cardId: number): Promise<number> {
  const [row] = await queryRows<{ balance_cents: number | string }>(
    db,
    sql`select balance_cents from ledger_accounts where gift_card_id = ${cardId}`,
  );
  return Number(row?.balance_cents ?? 0);
}

/** What a user's funds account holds, in cents. */
export async function fundsCents(db: Database, userId: number): Promise<number> {
  const [row] = await queryRows<{ balance_cents: number | string }>(
    db,
    sql`select balance_cents from ledger_accounts where user_id = ${userId} and kind = 'user_funds'`,
  );
  return Number(row?.balance_cents ?? 0);
}

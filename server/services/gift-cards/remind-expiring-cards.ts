import { and, eq, gt, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { CARD_EXPIRY_REMINDER_DAYS } from '@shared/constants';
import { formatDollars } from '@shared/money';
import { brands } from '@shared/tables/brands';
import { giftCards } from '@shared/tables/gift-cards';
import { ledgerAccounts } from '@shared/tables/ledger';
import { notificationPreferences, notifications } from '@shared/tables/notifications';
import { users } from '@shared/tables/users';
import { type Database, type Executor } from '../../db/client';
import { queryRows } from '../../db/query-rows';
import { NOTIFICATION_CHANNEL } from '../notifications/notify';

/** The e-mail a reminder queues (one of the mail job's letters). */
export type CardExpiringLetter = { kind: 'card-expiring'; userId: number; giftCardId: number };

/** Cards claimed and told about per transaction: a large backlog never holds one long lock. */
export const REMINDER_BATCH_SIZE = 100;

const DAY_MS = 24 * 60 * 60 * 1000;

type DueCard = {
  id: number;
  owner_id: number;
  brand_name: string;
  balance_cents: number | string;
  expires_at: Date | string;
};

/** 'in 3 days', or 'within a day' for the last one. */
function timeLeft(expiresAt: Date, now: number): string {
  const days = Math.ceil((expiresAt.getTime() - now) / DAY_MS);
  return days <= 1 ? 'within a day' : `in ${days} days`;
}

export function cardExpiringMessage(card: {
  brandName: string;
  balanceCents: number;
  expiresAt: Date;
  now: number;
}): string {
  return `Your ${card.brandName} gift card has ${formatDollars(card.balanceCents)} left and expires ${timeLeft(card.expiresAt, card.now)}`;
}

/**
 * Reminds each holder, once per card, of an active promotional card with value left that expires
 * within CARD_EXPIRY_REMINDER_DAYS: an in-app notification (unless they switched that kind off)
 * and an e-mail. Each batch claims its cards by setting `expiry_reminded_at` in one statement that takes
 * only unclaimed, unlocked rows (SKIP LOCKED, and the condition checked again on the row it
 * updates), so instances running the job at once never remind of one card twice. The
 * notifications are written in the claim's transaction; the letters are queued after its commit,
 * so a rolled-back batch sends nothing (a crash between the two loses a letter rather than
 * sending one twice). Deleted accounts, expired, used and empty cards are left out, and so are
 * cards bought with money: one with value left is reissued when it expires, so nothing is lost
 * and a warning would only alarm. Answers how many cards were claimed.
 */
export async function remindExpiringCards(
  db: Database,
  sendLetter: (letter: CardExpiringLetter) => Promise<unknown>,
  { batchSize = REMINDER_BATCH_SIZE }: { batchSize?: number } = {},
): Promise<number> {
  let reminded = 0;
  for (;;) {
    const due = await db.transaction(async (tx) => {
      const claimed = await claimDueCards(tx, batchSize);
      await notifyHolders(tx, claimed);
      return claimed;
    });
    for (const card of due) {
      await sendLetter({ kind: 'card-expiring', userId: card.owner_id, giftCardId: card.id });
    }
    reminded += due.length;
    if (due.length < batchSize) return reminded;
  }
}

function claimDueCards(tx: Executor, batchSize: number): Promise<DueCard[]> {
  return queryRows<DueCard>(
    tx,
    sql`with due as (
          select ${giftCards.id} as id
          from ${giftCards}
          join ${users} on ${users.id} = ${giftCards.ownerId} and ${users.deletedAt} is null
          join ${ledgerAccounts} on ${ledgerAccounts.giftCardId} = ${giftCards.id}
            and ${ledgerAccounts.balanceCents} > 0
          where ${giftCards.status} = 'active'
            and ${giftCards.pinId} is not null
            and ${giftCards.expiresAt} > now()
            and ${giftCards.expiresAt} <= now() + make_interval(days => ${CARD_EXPIRY_REMINDER_DAYS})
            and ${giftCards.expiryRemindedAt} is null
          order by ${giftCards.expiresAt}, ${giftCards.id}
          limit ${batchSize}
          for update of ${giftCards} skip locked
        )
        update ${giftCards} set expiry_reminded_at = now()
        from due, ${brands}, ${ledgerAccounts}
        where ${giftCards.id} = due.id
          and ${brands.id} = ${giftCards.brandId}
          and ${ledgerAccounts.giftCardId} = ${giftCards.id}
          and ${giftCards.expiryRemindedAt} is null
        returning ${giftCards.id} as id, ${giftCards.ownerId} as owner_id,
          ${brands.name} as brand_name, ${ledgerAccounts.balanceCents} as balance_cents,
          ${giftCards.expiresAt} as expires_at`,
  );
}

/** One notification per claimed card, in three statements whatever the batch's size. */
async function notifyHolders(tx: Executor, cards: DueCard[]): Promise<void> {
  if (cards.length === 0) return;
  const owners = [...new Set(cards.map((card) => card.owner_id))];
  const switchedOff = await tx
    .select({ userId: notificationPreferences.userId })
    .from(notificationPreferences)
    .where(
      and(
        inArray(notificationPreferences.userId, owners),
        eq(notificationPreferences.type, 'card_expiring'),
        eq(notificationPreferences.inApp, false),
      ),
    );
  const silent = new Set(switchedOff.map((row) => row.userId));
  const now = Date.now();
  const rows = cards
    .filter((card) => !silent.has(card.owner_id))
    .map((card) => ({
      recipientId: card.owner_id,
      type: 'card_expiring' as const,
      amountCents: Number(card.balance_cents),
      message: cardExpiringMessage({
        brandName: card.brand_name,
        balanceCents: Number(card.balance_cents),
        expiresAt: new Date(card.expires_at),
        now,
      }),
      referenceType: 'gift_card' as const,
      referenceId: card.id,
    }));
  if (rows.length === 0) return;
  const created = await tx
    .insert(notifications)
    .values(rows)
    .returning({ id: notifications.id, recipientId: notifications.recipientId });
  // Delivered at commit to every instance's listeners, as notify() does for one.
  const payloads = created.map((row) => JSON.stringify(row));
  await tx.execute(
    sql`select pg_notify(${NOTIFICATION_CHANNEL}, payload)
        from json_array_elements_text(${JSON.stringify(payloads)}::json) as payload`,
  );
}

/**
 * The card a reminder letter is about, as it is when the letter is written: null when it is no
 * longer worth a reminder (used up, expired, given away, or its holder's account deleted) or never
 * was (a paid card, which is reissued rather than lost).
 */
export async function findExpiringCard(db: Executor, giftCardId: number, ownerId: number) {
  const [card] = await db
    .select({
      id: giftCards.id,
      brandName: brands.name,
      balanceCents: ledgerAccounts.balanceCents,
      expiresAt: giftCards.expiresAt,
    })
    .from(giftCards)
    .innerJoin(brands, eq(brands.id, giftCards.brandId))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.giftCardId, giftCards.id))
    .innerJoin(users, and(eq(users.id, giftCards.ownerId), isNull(users.deletedAt)))
    .where(
      and(
        eq(giftCards.id, giftCardId),
        eq(giftCards.ownerId, ownerId),
        eq(giftCards.status, 'active'),
        isNotNull(giftCards.pinId),
        gt(giftCards.expiresAt, sql`now()`),
        gt(ledgerAccounts.balanceCents, 0),
      ),
    );
  return card ?? null;
}

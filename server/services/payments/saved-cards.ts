import { and, count, desc, eq, ne, sql } from 'drizzle-orm';
import {
  isCardExpired,
  PAYMENT_MESSAGES,
  PAYMENT_SETTINGS_MESSAGES,
  SAVED_CARDS_MAX,
  type SavedCard,
} from '@shared/schema/payments';
import { paymentMethods } from '@shared/tables/payments';
import { users } from '@shared/tables/users';
import { type Database, type Executor, type Transaction } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { AppError, notFound } from '../../lib/errors';
import { type PaymentProvider } from './payment-provider';

const savedCardColumns = {
  id: paymentMethods.id,
  brand: paymentMethods.brand,
  last4: paymentMethods.last4,
  expMonth: paymentMethods.expMonth,
  expYear: paymentMethods.expYear,
  isDefault: paymentMethods.isDefault,
};

const newestFirst = [desc(paymentMethods.createdAt), desc(paymentMethods.id)];

const savedCardsOf = preparedStatement('saved_cards', (db: Executor) =>
  db
    .select(savedCardColumns)
    .from(paymentMethods)
    .where(eq(paymentMethods.userId, sql.placeholder('userId')))
    .orderBy(desc(paymentMethods.isDefault), ...newestFirst),
);

/** My saved cards: the default first, then the newest. Never a token or a number. */
export async function listSavedCards(db: Executor, userId: number): Promise<SavedCard[]> {
  return savedCardsOf(db, 'all').execute({ userId });
}

async function findSavedCard(db: Executor, userId: number, id: number): Promise<SavedCard> {
  const [card] = await db
    .select(savedCardColumns)
    .from(paymentMethods)
    .where(and(eq(paymentMethods.id, id), eq(paymentMethods.userId, userId)));
  if (!card) throw notFound(PAYMENT_MESSAGES.unknownSavedCard);
  return card;
}

/** One person's card changes happen one at a time: the count and the default stay right. */
async function lockOwner(tx: Transaction, userId: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

async function makeDefault(tx: Transaction, userId: number, id: number): Promise<void> {
  // The old default goes first: at most one default per person (a unique index holds it).
  await tx
    .update(paymentMethods)
    .set({ isDefault: false })
    .where(
      and(
        eq(paymentMethods.userId, userId),
        eq(paymentMethods.isDefault, true),
        ne(paymentMethods.id, id),
      ),
    );
  await tx
    .update(paymentMethods)
    .set({ isDefault: true })
    .where(and(eq(paymentMethods.id, id), eq(paymentMethods.userId, userId)));
}

/**
 * Saves a card from a token the provider made. The provider says what the card is (brand, last
 * four, expiry) and exchanges the one-time token for a reusable one, which the saved card keeps
 * (the one-time token pays once; the saved card pays again and again, and its token never leaves
 * the server); the first card saved becomes the default. Sending a token already saved answers
 * that card again (the provider answers the same reusable token, so a retry saves nothing twice).
 */
export async function saveCard(
  db: Database,
  provider: PaymentProvider,
  userId: number,
  input: { paymentToken: string; makeDefault?: boolean | undefined },
): Promise<{ card: SavedCard; created: boolean }> {
  const summary = await provider.describeCard(input.paymentToken);
  if (isCardExpired(summary.expMonth, summary.expYear)) {
    throw new AppError('VALIDATION', PAYMENT_SETTINGS_MESSAGES.cardExpired, {
      errors: { paymentToken: PAYMENT_SETTINGS_MESSAGES.cardExpired },
    });
  }
  const kept = await provider.keepCard(input.paymentToken);
  const result = await db.transaction(async (tx) => {
    await lockOwner(tx, userId);
    const [already] = await tx
      .select({ id: paymentMethods.id })
      .from(paymentMethods)
      .where(and(eq(paymentMethods.userId, userId), eq(paymentMethods.providerToken, kept.token)));
    if (already) {
      if (input.makeDefault) await makeDefault(tx, userId, already.id);
      return { id: already.id, created: false };
    }
    const [held] = await tx
      .select({ cards: count() })
      .from(paymentMethods)
      .where(eq(paymentMethods.userId, userId));
    const cards = held?.cards ?? 0;
    if (cards >= SAVED_CARDS_MAX) {
      throw new AppError('CONFLICT', PAYMENT_SETTINGS_MESSAGES.tooManyCards);
    }
    const [created] = await tx
      .insert(paymentMethods)
      .values({
        userId,
        providerToken: kept.token,
        brand: summary.brand,
        last4: summary.last4,
        expMonth: summary.expMonth,
        expYear: summary.expYear,
      })
      .returning({ id: paymentMethods.id });
    if (!created) throw new Error('Saved card was not recorded');
    if (cards === 0 || input.makeDefault) await makeDefault(tx, userId, created.id);
    return { id: created.id, created: true };
  });
  return { card: await findSavedCard(db, userId, result.id), created: result.created };
}

/** Makes one of my cards the default; someone else's card is not found. */
export async function setDefaultCard(db: Database, userId: number, id: number): Promise<SavedCard> {
  await db.transaction(async (tx) => {
    await lockOwner(tx, userId);
    await findSavedCard(tx, userId, id);
    await makeDefault(tx, userId, id);
  });
  return findSavedCard(db, userId, id);
}

/** Removes one of my cards; when it was the default, the newest remaining card becomes it. */
export async function removeSavedCard(db: Database, userId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lockOwner(tx, userId);
    const [removed] = await tx
      .delete(paymentMethods)
      .where(and(eq(paymentMethods.id, id), eq(paymentMethods.userId, userId)))
      .returning({ isDefault: paymentMethods.isDefault });
    if (!removed) throw notFound(PAYMENT_MESSAGES.unknownSavedCard);
    if (!removed.isDefault) return;
    const [next] = await tx
      .select({ id: paymentMethods.id })
      .from(paymentMethods)
      .where(eq(paymentMethods.userId, userId))
      .orderBy(...newestFirst)
      .limit(1);
    if (next) await makeDefault(tx, userId, next.id);
  });
}

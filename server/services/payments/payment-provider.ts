import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  BANK_MESSAGES,
  cardBrandOf,
  isRoutingNumber,
  type CardToken,
  isCardExpired,
  parseCardExpiry,
  PAYMENT_MESSAGES,
  type cardDetailsSchema,
} from '@shared/schema/payments';
import { testPaymentCharges, testPaymentTokens } from '@shared/tables/payments';
import { type z } from 'zod';
import { type Database, type Executor } from '../../db/client';
import { AppError } from '../../lib/errors';

/** What may be shown of a card: never its number. */
export type CardSummary = { brand: string; last4: string; expMonth: number; expYear: number };

export type PayoutDestinationInput = {
  holderName: string;
  routingNumber: string;
  accountNumber: string;
};

/**
 * Where money enters and leaves the platform. Card details go from the browser straight to the
 * provider's tokenisation endpoint; this app only ever holds the token it answers, as with real
 * processors. The embedded default is the test-mode provider below; a real processor implements
 * the same interface and is chosen by configuration.
 */
export interface PaymentProvider {
  readonly mode: 'test' | 'live';
  /** Where the browser sends card details to be tokenised. */
  readonly tokenizeUrl: string;
  /** What a token stands for (to save a card); 400 when the provider does not know it. */
  describeCard(token: string): Promise<CardSummary>;
  /**
   * Exchanges a one-time token for a reusable one, which a saved card keeps (as processors attach
   * a card to a customer); the same one-time token again answers the same reusable token, so a
   * retried save saves nothing twice. 400 when the token is unknown, used or expired.
   */
  keepCard(token: string): Promise<{ token: string; card: CardSummary }>;
  /**
   * Charges the card a token stands for; 402 when it is declined. A one-time token pays once,
   * within 15 minutes of being made (400 after that, or once used); a reusable one keeps paying.
   */
  charge(input: {
    amountCents: number;
    token: string;
    description: string;
    idempotencyKey?: string | undefined;
  }): Promise<{ reference: string; card: CardSummary }>;
  /**
   * Gives a charge's money back in full: called when what was paid for could not be recorded
   * after the card was charged, so nobody pays for nothing.
   */
  refund(input: { reference: string }): Promise<void>;
  /** Registers a bank account for payouts; 400 when a number has the wrong shape. */
  createPayoutDestination(
    input: PayoutDestinationInput,
  ): Promise<{ reference: string; accountLast4: string; routingLast4: string }>;
  /** Pays out to a destination made by createPayoutDestination. */
  payout(input: {
    amountCents: number;
    destination: string;
    idempotencyKey?: string | undefined;
  }): Promise<{ reference: string }>;
}

/** How long a token from tokenisation can pay, unused: a card form is filled and sent in minutes. */
export const CARD_TOKEN_LIFETIME_MINUTES = 15;

/** The processor's published test numbers: the first is always approved, the second declined. */
export const TEST_CARD_SUCCESS = '4242424242424242';
export const TEST_CARD_DECLINED = '4000000000000002';
const TEST_CARDS_APPROVED = new Set([TEST_CARD_SUCCESS, '5555555555554444', '378282246310005']);

/** A routing number test mode accepts (ABA checksum valid), and an account number. */
export const TEST_ROUTING_NUMBER = '110000000';
export const TEST_ACCOUNT_NUMBER = '000123456789';

export type TestPaymentProvider = PaymentProvider & {
  /** The test provider's tokenisation endpoint's work: a card's details in, a token out. */
  tokenize(card: z.output<typeof cardDetailsSchema>): Promise<CardToken>;
};

/** A one-time token that can still pay: unused, and made within its lifetime. */
const usableOnce = and(
  eq(testPaymentTokens.reusable, false),
  isNull(testPaymentTokens.usedAt),
  sql`${testPaymentTokens.createdAt} > now() - make_interval(mins => ${CARD_TOKEN_LIFETIME_MINUTES})`,
);

/** Why a one-time token that exists cannot pay: used, or made too long ago. */
const refusedToken = (card: { usedAt: Date | null }) => {
  const message = card.usedAt ? PAYMENT_MESSAGES.tokenUsed : PAYMENT_MESSAGES.tokenExpired;
  return new AppError('VALIDATION', message, { errors: { paymentToken: message } });
};

/**
 * Test mode, as card processors run it: only their test numbers are taken (4242… is approved,
 * 4000 0000 0000 0002 is declined when charged), tokens live in the provider's own table, and
 * nothing reaches a bank.
 */
export function createTestPaymentProvider(db: Database): TestPaymentProvider {
  const find = async (token: string, executor: Executor = db) => {
    const [row] = await executor
      .select()
      .from(testPaymentTokens)
      .where(eq(testPaymentTokens.token, token));
    if (!row) {
      throw new AppError('VALIDATION', PAYMENT_MESSAGES.unknownToken, {
        errors: { paymentToken: PAYMENT_MESSAGES.unknownToken },
      });
    }
    return row;
  };
  const summary = (row: CardSummary): CardSummary => ({
    brand: row.brand,
    last4: row.last4,
    expMonth: row.expMonth,
    expYear: row.expYear,
  });
  return {
    mode: 'test',
    tokenizeUrl: '/api/test-payments/tokens',
    async tokenize(card) {
      const declines = card.number === TEST_CARD_DECLINED;
      if (!declines && !TEST_CARDS_APPROVED.has(card.number)) {
        throw new AppError('VALIDATION', PAYMENT_MESSAGES.notATestCard, {
          errors: { number: PAYMENT_MESSAGES.notATestCard },
        });
      }
      const expiry = parseCardExpiry(card.expiry);
      if (!expiry) throw new AppError('VALIDATION', PAYMENT_MESSAGES.expiryInvalid);
      const token = `tok_test_${randomBytes(16).toString('hex')}`;
      const row = {
        token,
        brand: cardBrandOf(card.number),
        last4: card.number.slice(-4),
        ...expiry,
        declines,
      };
      await db.insert(testPaymentTokens).values(row);
      return { token, ...summary(row) };
    },
    async describeCard(token) {
      return summary(await find(token));
    },
    async keepCard(token) {
      return db.transaction(async (tx) => {
        const [spent] = await tx
          .update(testPaymentTokens)
          .set({ usedAt: sql`now()` })
          .where(and(eq(testPaymentTokens.token, token), usableOnce))
          .returning();
        if (spent) {
          const reusable = `tok_test_saved_${randomBytes(16).toString('hex')}`;
          await tx.insert(testPaymentTokens).values({
            token: reusable,
            brand: spent.brand,
            last4: spent.last4,
            expMonth: spent.expMonth,
            expYear: spent.expYear,
            declines: spent.declines,
            reusable: true,
            sourceToken: token,
          });
          return { token: reusable, card: summary(spent) };
        }
        // The same one-time token again (a retried save, or two at once: the second waited for
        // the first's row lock and found the token used): the reusable token it was exchanged for.
        const [kept] = await tx
          .select()
          .from(testPaymentTokens)
          .where(eq(testPaymentTokens.sourceToken, token));
        if (kept) return { token: kept.token, card: summary(kept) };
        const card = await find(token, tx);
        if (card.reusable) return { token: card.token, card: summary(card) };
        throw refusedToken(card);
      });
    },
    async charge({ token, amountCents, idempotencyKey }) {
      const card = await find(token);
      if (card.declines || isCardExpired(card.expMonth, card.expYear)) {
        throw new AppError('PAYMENT_DECLINED', PAYMENT_MESSAGES.declined);
      }
      // As processors do: the same key again is the same charge, answered again, never a second
      // one (the unique index decides between two sent at once), and never refused because its
      // one-time token was used by that very charge.
      const earlierCharge = async (executor: Executor) => {
        if (!idempotencyKey) return null;
        const [earlier] = await executor
          .select()
          .from(testPaymentCharges)
          .where(eq(testPaymentCharges.idempotencyKey, idempotencyKey));
        if (!earlier) return null;
        if (earlier.token !== token || earlier.amountCents !== amountCents) {
          throw new AppError('CONFLICT', PAYMENT_MESSAGES.keyReused);
        }
        return { reference: earlier.reference, card: summary(card) };
      };
      const answered = await earlierCharge(db);
      if (answered) return answered;
      return db.transaction(async (tx) => {
        if (!card.reusable) {
          // One conditional update: of any number of charges sent at once with this token, one
          // finds it unused and marks it; the others wait for its row lock, then find it used.
          const [spent] = await tx
            .update(testPaymentTokens)
            .set({ usedAt: sql`now()` })
            .where(and(eq(testPaymentTokens.token, token), usableOnce))
            .returning({ token: testPaymentTokens.token });
          if (!spent) {
            // The same key sent twice at once: the other request's charge is this one.
            const concurrent = await earlierCharge(tx);
            if (concurrent) return concurrent;
            throw refusedToken(await find(token, tx));
          }
        }
        const [charged] = await tx
          .insert(testPaymentCharges)
          .values({
            reference: `test_ch_${randomUUID()}`,
            idempotencyKey: idempotencyKey ?? null,
            token,
            amountCents,
          })
          .onConflictDoNothing({
            target: testPaymentCharges.idempotencyKey,
            where: sql`idempotency_key is not null`,
          })
          .returning({ reference: testPaymentCharges.reference });
        if (charged) return { reference: charged.reference, card: summary(card) };
        const concurrent = await earlierCharge(tx);
        if (!concurrent) throw new AppError('CONFLICT', PAYMENT_MESSAGES.keyReused);
        return concurrent;
      });
    },
    async refund({ reference }) {
      await db
        .update(testPaymentCharges)
        .set({ refundedAt: sql`now()` })
        .where(eq(testPaymentCharges.reference, reference));
    },
    async createPayoutDestination({ routingNumber, accountNumber }) {
      const routing = routingNumber.replace(/[\s-]/g, '');
      const account = accountNumber.replace(/[\s-]/g, '');
      if (!isRoutingNumber(routing)) {
        throw new AppError('VALIDATION', BANK_MESSAGES.routingInvalid, {
          errors: { routingNumber: BANK_MESSAGES.routingInvalid },
        });
      }
      if (!/^\d{4,17}$/.test(account)) {
        throw new AppError('VALIDATION', BANK_MESSAGES.accountInvalid, {
          errors: { accountNumber: BANK_MESSAGES.accountInvalid },
        });
      }
      return {
        reference: `test_ba_${randomUUID()}`,
        accountLast4: account.slice(-4),
        routingLast4: routing.slice(-4),
      };
    },
    async payout() {
      return { reference: `test_po_${randomUUID()}` };
    },
  };
}

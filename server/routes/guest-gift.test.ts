import { type AddressInfo } from 'node:net';
import { and, count, eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAID_CARD_EXPIRY_YEARS } from '@shared/constants';
import { PAYMENT_MESSAGES } from '@shared/schema/payments';
import { giftCardActivities, giftCards, giftRequests } from '@shared/tables/gift-cards';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '@shared/tables/ledger';
import { notifications } from '@shared/tables/notifications';
import { paymentMethods } from '@shared/tables/payments';
import { createApp } from '../app';
import { createAppServer } from '../lib/app-server';
import { createLogger } from '../lib/logger';
import { checkLedger } from '../services/ledger/check-ledger';
import {
  createTestPaymentProvider,
  TEST_CARD_DECLINED,
  type PaymentProvider,
} from '../services/payments/payment-provider';
import { businessInput, consumerInput, registerAs } from '../testing/factories';
import { signedInConsumer } from '../testing/gift-cards';
import { caughtMailTo, waitForMailTo } from '../testing/mail';
import { totalCount } from '../testing/page-headers';
import { cardToken } from '../testing/payments';
import { createTestContext, type TestContext } from '../testing/test-app';

let context: TestContext;
beforeAll(async () => {
  context = await createTestContext();
});
afterAll(async () => {
  await context.close();
});

const gift = (overrides: Record<string, unknown>) => ({
  brand: 'starbucks',
  value: 25,
  senderEmail: 'jordan.guest@example.com',
  ...overrides,
});

/** A consumer signed in, with the e-mail they registered with. */
async function consumer(name = 'Casey Consumer') {
  const input = consumerInput({ name });
  const agent = context.agent();
  const user = await registerAs(agent, input);
  return { agent, user, email: input.email };
}

/** What the database holds for one recipient: cards, ledger movements into them, notifications. */
async function issuedTo(recipientId: number) {
  const db = context.database.db;
  const [cards] = await db
    .select({ total: count() })
    .from(giftCards)
    .where(eq(giftCards.ownerId, recipientId));
  const [movements] = await db
    .select({ total: count() })
    .from(ledgerTransactions)
    .innerJoin(giftCards, eq(giftCards.id, ledgerTransactions.giftCardId))
    .where(eq(giftCards.ownerId, recipientId));
  const [notes] = await db
    .select({ total: count() })
    .from(notifications)
    .where(
      and(eq(notifications.recipientId, recipientId), eq(notifications.type, 'gift_received')),
    );
  return { cards: cards?.total, movements: movements?.total, notifications: notes?.total };
}

describe('POST /api/gift-cards/guest', () => {
  it('issues a paid card from payment clearing, with its history row, to a guest paying by token', async () => {
    const recipient = await signedInConsumer(context, { name: 'Maya Rodriguez' });
    const response = await context
      .agent()
      .post('/api/gift-cards/guest')
      .send(
        gift({
          recipientUsername: recipient.user.username,
          value: 25.5,
          paymentToken: await cardToken(context),
        }),
      );
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.any(Number),
      brand: 'starbucks',
      value: 25.5,
      recipientName: 'Maya Rodriguez',
    });

    const cards = await recipient.agent.get('/api/gift-cards/consumer/wallet');
    expect(cards.body).toEqual([
      expect.objectContaining({
        id: response.body.id,
        sender_name: 'jordan.guest (not verified)',
        brand: 'starbucks',
        value: 25.5,
        balance: 25.5,
        source: 'guest_gift',
      }),
    ]);
    const wallet = await recipient.agent.get('/api/wallet');
    expect(wallet.body.balance).toBe(25.5);
    expect(wallet.body.transactions).toEqual([
      expect.objectContaining({
        kind: 'gift_received',
        type: 'received',
        description: 'Starbucks gift card from jordan.guest (not verified)',
      }),
    ]);

    const db = context.database.db;
    const [movement] = await db
      .select({
        id: ledgerTransactions.id,
        kind: ledgerTransactions.kind,
        reference: ledgerTransactions.providerReference,
      })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.giftCardId, response.body.id));
    expect(movement).toEqual({
      id: expect.any(Number),
      kind: 'guest_gift',
      reference: expect.stringMatching(/^test_ch_/),
    });
    const entries = await db
      .select({ amount: ledgerEntries.amountCents, system: ledgerAccounts.systemCode })
      .from(ledgerEntries)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
      .where(eq(ledgerEntries.transactionId, movement!.id));
    expect(entries).toEqual(
      expect.arrayContaining([
        { amount: -2550, system: 'payment_clearing' },
        { amount: 2550, system: null },
      ]),
    );
    const history = await db
      .select()
      .from(giftCardActivities)
      .where(eq(giftCardActivities.giftCardId, response.body.id));
    expect(history).toEqual([
      expect.objectContaining({
        kind: 'issued',
        amountCents: 2550,
        balanceAfterCents: 2550,
        actorId: null,
        actorName: 'jordan.guest (not verified)',
        recipientId: recipient.user.id,
        ledgerTransactionId: movement!.id,
      }),
    ]);
    expect(await checkLedger(db)).toMatchObject({
      entriesSum: 0,
      driftedAccounts: 0,
      negativeAccounts: 0,
    });
  });

  it('answers 402 without a payment, and issues nothing', async () => {
    const recipient = await signedInConsumer(context);
    const response = await context
      .agent()
      .post('/api/gift-cards/guest')
      .send(gift({ recipientUsername: recipient.user.username }));
    expect(response.status).toBe(402);
    expect(response.body.message).toBe(PAYMENT_MESSAGES.required);
    expect(await issuedTo(recipient.user.id)).toEqual({
      cards: 0,
      movements: 0,
      notifications: 0,
    });
  });

  it('answers 402 "Your card was declined" for a declined card: no card, no ledger rows, no notification', async () => {
    const recipient = await signedInConsumer(context);
    const [transactionsBefore] = await context.database.db
      .select({ total: count() })
      .from(ledgerTransactions);
    const response = await context
      .agent()
      .post('/api/gift-cards/guest')
      .send(
        gift({
          recipientUsername: recipient.user.username,
          paymentToken: await cardToken(context, TEST_CARD_DECLINED),
        }),
      );
    expect(response.status).toBe(402);
    expect(response.body.message).toBe('Your card was declined');
    expect(await issuedTo(recipient.user.id)).toEqual({
      cards: 0,
      movements: 0,
      notifications: 0,
    });
    const [transactionsAfter] = await context.database.db
      .select({ total: count() })
      .from(ledgerTransactions);
    expect(transactionsAfter?.total).toBe(transactionsBefore?.total);
    const cards = await recipient.agent.get('/api/gift-cards/consumer/wallet');
    expect(totalCount(cards)).toBe(0);
  });

  it(`gives a paid card at least ${PAID_CARD_EXPIRY_YEARS} years before it expires`, async () => {
    const recipient = await signedInConsumer(context);
    const before = new Date();
    const response = await context
      .agent()
      .post('/api/gift-cards/guest')
      .send(
        gift({
          recipientUsername: recipient.user.username,
          paymentToken: await cardToken(context),
        }),
      );
    expect(response.status).toBe(201);
    const cards = await recipient.agent.get('/api/gift-cards/consumer/wallet');
    const expires = new Date(cards.body[0].expires);
    const fiveYears = new Date(before);
    fiveYears.setUTCFullYear(fiveYears.getUTCFullYear() + PAID_CARD_EXPIRY_YEARS);
    expect(expires.getTime()).toBeGreaterThanOrEqual(fiveYears.getTime() - 1000);
    // Not a century either: five years, as the law asks at least.
    expect(expires.getTime()).toBeLessThan(fiveYears.getTime() + 24 * 60 * 60 * 1000);
  });

  it("brings the giver's message to the card, its history and the recipient's notification", async () => {
    const recipient = await signedInConsumer(context);
    const message = 'Happy birthday, coffee is on me!';
    const response = await context
      .agent()
      .post('/api/gift-cards/guest')
      .send(
        gift({
          recipientUsername: recipient.user.username,
          message: `  ${message}  `,
          paymentToken: await cardToken(context),
        }),
      );
    expect(response.status).toBe(201);
    const cards = await recipient.agent.get('/api/gift-cards/consumer/wallet');
    expect(cards.body[0].message).toBe(message);
    const notes = await recipient.agent.get('/api/consumer/notifications');
    expect(notes.body[0]).toMatchObject({
      type: 'gift_received',
      message: `You received a $25.00 gift card from jordan.guest (not verified): "${message}"`,
    });
    const [history] = await context.database.db
      .select({ message: giftCardActivities.message })
      .from(giftCardActivities)
      .where(eq(giftCardActivities.giftCardId, response.body.id));
    expect(history?.message).toBe(message);
  });

  it('e-mails a guest a receipt that says whom the card went to', async () => {
    const recipient = await signedInConsumer(context, { name: 'Rosa Recipient' });
    const guestEmail = `receipt.guest.${recipient.user.id}@example.com`;
    const response = await context
      .agent()
      .post('/api/gift-cards/guest')
      .send(
        gift({
          recipientUsername: recipient.user.username,
          senderEmail: guestEmail,
          value: 40,
          paymentToken: await cardToken(context),
        }),
      );
    expect(response.status).toBe(201);
    const [mail] = await waitForMailTo(context.config.dataDir, guestEmail);
    expect(mail?.subject).toBe('Your mark.it gift card receipt');
    expect(mail?.text).toContain('Sent to: Rosa Recipient');
    expect(mail?.text).toContain('$40.00');
    expect(mail?.text).toMatch(/test_ch_/);
  });

  it("e-mails the receipt to the address the guest typed, and shows the recipient the guest's name as typed, marked (not verified)", async () => {
    const recipient = await consumer('Nora Recipient');
    const typed = `Jordan.Guest.${recipient.user.id}@Example.com`;
    const name = `Jordan.Guest.${recipient.user.id} (not verified)`;
    const response = await context
      .agent()
      .post('/api/gift-cards/guest')
      .send(
        gift({
          recipientUsername: recipient.user.username,
          senderEmail: `  ${typed} `,
          value: 30,
          message: 'From a friend',
          paymentToken: await cardToken(context),
        }),
      );
    expect(response.status).toBe(201);

    // The receipt goes to the guest's address as they typed it, and to nobody else.
    const [mail] = await waitForMailTo(context.config.dataDir, typed);
    // (The domain of an address has no case; its local part is kept as typed.)
    expect(mail?.to).toContain(`Jordan.Guest.${recipient.user.id}@`);
    expect(mail?.subject).toBe('Your mark.it gift card receipt');
    expect(mail?.text).toContain('Sent to: Nora Recipient');
    const toRecipient = await caughtMailTo(context.config.dataDir, recipient.email);
    expect(toRecipient.filter((letter) => letter.subject.includes('receipt'))).toEqual([]);

    // Every place the recipient reads who sent it says the name was not confirmed.
    const cards = await recipient.agent.get('/api/gift-cards/consumer/wallet');
    expect(cards.body[0]).toMatchObject({ id: response.body.id, sender_name: name });
    const wallet = await recipient.agent.get('/api/wallet');
    expect(wallet.body.transactions[0]).toMatchObject({
      kind: 'gift_received',
      description: `Starbucks gift card from ${name}`,
    });
    const notices = await recipient.agent.get('/api/consumer/notifications');
    expect(notices.body[0].message).toBe(
      `You received a $30.00 gift card from ${name}: "From a friend"`,
    );
    const history = await recipient.agent.get(`/api/gift-cards/${response.body.id}/history`);
    expect(history.body[0].description).toBe(`Bought for you by ${name}: "From a friend"`);
    const gifts = await recipient.agent.get('/api/gift-cards/gift-cards');
    expect(gifts.body[0]).toMatchObject({ direction: 'received', sender_name: name });
  });

  it('refuses bad input with the shared messages and issues nothing', async () => {
    const recipient = await signedInConsumer(context);
    const business = context.agent();
    const shop = await registerAs(business, businessInput());
    const token = await cardToken(context);
    const cases: [Record<string, unknown>, number, string][] = [
      [{ value: 4.99 }, 400, 'Amount must be between $5 and $500'],
      [{ value: 500.01 }, 400, 'Amount must be between $5 and $500'],
      [{ value: 5.001 }, 400, 'Amount can have at most two decimals'],
      [{ value: '25' }, 400, 'Amount must be a number'],
      [{ brand: 'tesla' }, 400, 'Choose a brand'],
      [{ senderEmail: 'not-an-email' }, 400, 'Valid email is required'],
      [{ message: 'x'.repeat(201) }, 400, 'Message must be at most 200 characters'],
      [{ message: 42 }, 400, 'Message must be text'],
      [{ paymentToken: '' }, 400, PAYMENT_MESSAGES.unknownToken],
      [{ paymentToken: 'tok_test_forged' }, 400, PAYMENT_MESSAGES.unknownToken],
      [{ paymentMethodId: 'one' }, 400, PAYMENT_MESSAGES.unknownSavedCard],
      [{ paymentMethodId: 1, paymentToken: token }, 400, PAYMENT_MESSAGES.oneSource],
      [{ recipientUsername: 'nobody_at_all_here' }, 404, 'User not found'],
      [{ recipientUsername: shop.username }, 400, 'Gift cards can only be sent to consumers'],
    ];
    for (const [overrides, status, message] of cases) {
      const response = await context
        .agent()
        .post('/api/gift-cards/guest')
        .send(
          gift({ recipientUsername: recipient.user.username, paymentToken: token, ...overrides }),
        );
      expect([overrides, response.status, response.body.message]).toEqual([
        overrides,
        status,
        message,
      ]);
    }
    expect(await issuedTo(recipient.user.id)).toEqual({
      cards: 0,
      movements: 0,
      notifications: 0,
    });
  });

  it('gives one card for a retried Idempotency-Key, even at once', async () => {
    const recipient = await signedInConsumer(context);
    const token = await cardToken(context);
    const send = () =>
      context
        .agent()
        .post('/api/gift-cards/guest')
        .set('Idempotency-Key', `guest-${recipient.user.id}`)
        .send(gift({ recipientUsername: recipient.user.username, paymentToken: token }));
    const [first, second] = await Promise.all([send(), send()]);
    expect([first.status, second.status].sort()).toEqual([200, 201]);
    expect(first.body.id).toBe(second.body.id);
    expect((await send()).body.id).toBe(first.body.id);
    const cards = await recipient.agent.get('/api/gift-cards/consumer/wallet');
    expect(totalCount(cards)).toBe(1);
  });

  it('charges the card once when a submission is retried with its Idempotency-Key', async () => {
    // An instance of the app whose provider counts its charges and the keys it was given.
    const charges: Array<string | undefined> = [];
    const testProvider = createTestPaymentProvider(context.database.db);
    const provider: PaymentProvider = {
      ...testProvider,
      charge: async (input) => {
        charges.push(input.idempotencyKey);
        return testProvider.charge(input);
      },
    };
    const app = createApp({
      config: context.config,
      database: context.database,
      logger: createLogger('silent'),
      sessionSecret: context.sessionSecret,
      client: { kind: 'static', directory: context.clientDirectory },
      jobs: context.jobs,
      paymentProvider: provider,
    });
    const server = createAppServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const recipient = await signedInConsumer(context);
      const body = gift({
        recipientUsername: recipient.user.username,
        paymentToken: await cardToken(context),
      });
      const send = () =>
        request(origin)
          .post('/api/gift-cards/guest')
          .set('Idempotency-Key', 'retry-once')
          .send(body);
      const first = await send();
      const retry = await send();
      expect([first.status, retry.status]).toEqual([201, 200]);
      expect(retry.body).toEqual(first.body);
      expect(charges).toHaveLength(1);
      // The processor is told the key too, so a charge it already took is not taken again.
      expect(charges[0]).toContain('retry-once');
    } finally {
      await new Promise((resolve) => server.close(resolve));
      await app.locals.notificationHub.close();
      await app.locals.sessionStore.close?.();
    }
  });

  it('sends as the signed-in consumer (a gift purchase, receipt to their e-mail), who then counts on the leaderboard', async () => {
    const recipient = await signedInConsumer(context);
    const sender = await consumer('Signed Sender');
    const response = await sender.agent.post('/api/gift-cards/guest').send(
      gift({
        recipientUsername: recipient.user.username,
        value: 40,
        paymentToken: await cardToken(context),
      }),
    );
    expect(response.status).toBe(201);
    const cards = await recipient.agent.get('/api/gift-cards/consumer/wallet');
    expect(cards.body[0]).toMatchObject({ sender_name: 'Signed Sender', source: 'friend_gift' });
    // A signed-in consumer's name is their account's: not marked.
    const notices = await recipient.agent.get('/api/consumer/notifications');
    expect(notices.body[0].message).toBe('You received a $40.00 gift card from Signed Sender');
    const [movement] = await context.database.db
      .select({ kind: ledgerTransactions.kind })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.giftCardId, response.body.id));
    expect(movement?.kind).toBe('gift_purchase');
    const [actor] = await context.database.db
      .select({ actorId: giftCardActivities.actorId })
      .from(giftCardActivities)
      .where(eq(giftCardActivities.giftCardId, response.body.id));
    expect(actor?.actorId).toBe(sender.user.id);
    const board = await sender.agent.get('/api/gift-cards/leaderboard?period=week');
    expect(board.body).toContainEqual(
      expect.objectContaining({ id: sender.user.id, total_value: 40 }),
    );
    const [mail] = await waitForMailTo(context.config.dataDir, sender.email);
    expect(mail?.subject).toBe('Your mark.it gift card receipt');
    expect(mail?.text).toContain('$40.00');

    const self = await sender.agent
      .post('/api/gift-cards/guest')
      .send(
        gift({ recipientUsername: sender.user.username, paymentToken: await cardToken(context) }),
      );
    expect(self.status).toBe(400);
    expect(self.body.message).toBe('You cannot send a gift card to yourself');
  });

  it("pays with the consumer's own saved card; another person's saved card is not found", async () => {
    const recipient = await signedInConsumer(context);
    const sender = await consumer();
    const other = await consumer();
    const save = async (userId: number) => {
      const [saved] = await context.database.db
        .insert(paymentMethods)
        .values({
          userId,
          providerToken: await cardToken(context),
          brand: 'visa',
          last4: '4242',
          expMonth: 12,
          expYear: 2099,
        })
        .returning({ id: paymentMethods.id });
      return saved!.id;
    };
    const mine = await save(sender.user.id);
    const theirs = await save(other.user.id);

    const refused = await sender.agent
      .post('/api/gift-cards/guest')
      .send(gift({ recipientUsername: recipient.user.username, paymentMethodId: theirs }));
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe(PAYMENT_MESSAGES.unknownSavedCard);
    // A guest has no saved cards at all.
    const guest = await context
      .agent()
      .post('/api/gift-cards/guest')
      .send(gift({ recipientUsername: recipient.user.username, paymentMethodId: mine }));
    expect(guest.status).toBe(404);
    expect(await issuedTo(recipient.user.id)).toMatchObject({ cards: 0, movements: 0 });

    const paid = await sender.agent
      .post('/api/gift-cards/guest')
      .send(gift({ recipientUsername: recipient.user.username, paymentMethodId: mine }));
    expect(paid.status).toBe(201);
    expect(await issuedTo(recipient.user.id)).toMatchObject({ cards: 1, movements: 1 });
  });

  it('fulfils the gift request the recipient made of the buyer', async () => {
    const asker = await signedInConsumer(context);
    const buyer = await consumer();
    const ask = await asker.agent
      .post('/api/gift-cards/request')
      .send({ username: buyer.user.username, brand: 'dunkin', amount: 20 });
    expect(ask.status).toBe(201);
    const response = await buyer.agent.post('/api/gift-cards/guest').send(
      gift({
        recipientUsername: asker.user.username,
        brand: 'dunkin',
        value: 20,
        paymentToken: await cardToken(context),
      }),
    );
    expect(response.status).toBe(201);
    const [row] = await context.database.db
      .select({ status: giftRequests.status })
      .from(giftRequests)
      .where(
        and(
          eq(giftRequests.requesterId, asker.user.id),
          eq(giftRequests.recipientId, buyer.user.id),
        ),
      );
    expect(row?.status).toBe('fulfilled');
  });

  it('lets a signed-in business buy as a guest does, named by its e-mail', async () => {
    const recipient = await signedInConsumer(context);
    const business = context.agent();
    await registerAs(business, businessInput());
    const response = await business.post('/api/gift-cards/guest').send(
      gift({
        recipientUsername: recipient.user.username,
        senderEmail: 'front.desk@example.com',
        paymentToken: await cardToken(context),
      }),
    );
    expect(response.status).toBe(201);
    const cards = await recipient.agent.get('/api/gift-cards/consumer/wallet');
    expect(cards.body[0]).toMatchObject({
      sender_name: 'front.desk (not verified)',
      source: 'guest_gift',
    });
  });

  it('is rate-limited per client and per sender e-mail', async () => {
    const limited = await createTestContext({ rateLimits: { guestGiftsPerHour: 2 } });
    try {
      const recipientAgent = limited.agent();
      const recipient = await registerAs(recipientAgent, consumerInput());
      const send = async (senderEmail: string) =>
        limited
          .agent()
          .post('/api/gift-cards/guest')
          .send(
            gift({
              recipientUsername: recipient.username,
              senderEmail,
              paymentToken: await cardToken(limited),
            }),
          );
      expect((await send('a@example.com')).status).toBe(201);
      expect((await send('b@example.com')).status).toBe(201);
      const third = await send('c@example.com');
      expect(third.status).toBe(429);
      expect(third.body.message).toBe('Too many gift cards sent. Please try again later.');
      expect(third.headers['retry-after']).toBeDefined();
      const cards = await recipientAgent.get('/api/gift-cards/consumer/wallet');
      expect(totalCount(cards)).toBe(2);
    } finally {
      await limited.close();
    }
  });
});

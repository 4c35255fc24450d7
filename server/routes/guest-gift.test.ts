import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../services/ledger/check-ledger';
import { businessInput, consumerInput, registerAs } from '../testing/factories';
import { signedInConsumer } from '../testing/gift-cards';
import { totalCount } from '../testing/page-headers';
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

describe('POST /api/gift-cards/guest', () => {
  it("issues a card to the recipient through the ledger, from the guest's e-mail", async () => {
    const recipient = await signedInConsumer(context, { name: 'Maya Rodriguez' });
    const response = await context
      .agent()
      .post('/api/gift-cards/guest')
      .send(gift({ recipientUsername: recipient.user.username, value: 25.5 }));
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
        sender_name: 'jordan.guest',
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
        description: 'Starbucks gift card from jordan.guest',
      }),
    ]);
    const gifts = await recipient.agent.get('/api/gift-cards/gift-cards');
    expect(gifts.body[0]).toMatchObject({ sender_id: null, sender_name: 'jordan.guest' });
    expect(await checkLedger(context.database.db)).toEqual({
      entriesSum: 0,
      driftedAccounts: 0,
      negativeAccounts: 0,
    });
  });

  it('refuses bad input with the shared messages and issues nothing', async () => {
    const recipient = await signedInConsumer(context);
    const business = context.agent();
    const shop = await registerAs(business, businessInput());
    const cases: [Record<string, unknown>, number, string][] = [
      [{ value: 4.99 }, 400, 'Amount must be between $5 and $500'],
      [{ value: 500.01 }, 400, 'Amount must be between $5 and $500'],
      [{ value: 5.001 }, 400, 'Amount can have at most two decimals'],
      [{ value: '25' }, 400, 'Amount must be a number'],
      [{ brand: 'tesla' }, 400, 'Choose a brand'],
      [{ senderEmail: 'not-an-email' }, 400, 'Valid email is required'],
      [{ recipientUsername: 'nobody_at_all_here' }, 404, 'User not found'],
      [{ recipientUsername: shop.username }, 400, 'Gift cards can only be sent to consumers'],
    ];
    for (const [overrides, status, message] of cases) {
      const response = await context
        .agent()
        .post('/api/gift-cards/guest')
        .send(gift({ recipientUsername: recipient.user.username, ...overrides }));
      expect([response.status, response.body.message]).toEqual([status, message]);
    }
    const cards = await recipient.agent.get('/api/gift-cards/consumer/wallet');
    expect(totalCount(cards)).toBe(0);
  });

  it('gives one card for a retried Idempotency-Key, even at once', async () => {
    const recipient = await signedInConsumer(context);
    const send = () =>
      context
        .agent()
        .post('/api/gift-cards/guest')
        .set('Idempotency-Key', `guest-${recipient.user.id}`)
        .send(gift({ recipientUsername: recipient.user.username }));
    const [first, second] = await Promise.all([send(), send()]);
    expect([first.status, second.status].sort()).toEqual([200, 201]);
    expect(first.body.id).toBe(second.body.id);
    expect((await send()).body.id).toBe(first.body.id);
    const cards = await recipient.agent.get('/api/gift-cards/consumer/wallet');
    expect(totalCount(cards)).toBe(1);
  });

  it('sends as the signed-in consumer, who then counts on the leaderboard', async () => {
    const recipient = await signedInConsumer(context);
    const sender = await signedInConsumer(context, { name: 'Signed Sender' });
    const response = await sender.agent
      .post('/api/gift-cards/guest')
      .send(gift({ recipientUsername: recipient.user.username, value: 40 }));
    expect(response.status).toBe(201);
    const cards = await recipient.agent.get('/api/gift-cards/consumer/wallet');
    expect(cards.body[0].sender_name).toBe('Signed Sender');
    const board = await sender.agent.get('/api/gift-cards/leaderboard?period=week');
    expect(board.body).toContainEqual(
      expect.objectContaining({ id: sender.user.id, total_value: 40 }),
    );
    const self = await sender.agent
      .post('/api/gift-cards/guest')
      .send(gift({ recipientUsername: sender.user.username }));
    expect(self.status).toBe(400);
    expect(self.body.message).toBe('You cannot send a gift card to yourself');
  });

  it('is rate-limited per client and per sender e-mail', async () => {
    const limited = await createTestContext({ rateLimits: { guestGiftsPerHour: 2 } });
    try {
      const recipientAgent = limited.agent();
      const recipient = await registerAs(recipientAgent, consumerInput());
      const send = (senderEmail: string) =>
        limited
          .agent()
          .post('/api/gift-cards/guest')
          .send(gift({ recipientUsername: recipient.username, senderEmail }));
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

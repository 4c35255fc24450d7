import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CARD_DECLINED, TEST_CARD_SUCCESS } from '../services/payments/payment-provider';
import { futureExpiry } from '../testing/payments';
import { createTestContext, type TestContext } from '../testing/test-app';

let context: TestContext;
beforeAll(async () => {
  context = await createTestContext();
});
afterAll(() => context.close());

describe('GET /api/payments/config', () => {
  it('tells a signed-out browser the mode and where to tokenise cards', async () => {
    const response = await context.agent().get('/api/payments/config');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ mode: 'test', tokenizeUrl: '/api/test-payments/tokens' });
  });
});

describe('POST /api/test-payments/tokens', () => {
  const tokenise = (card: Record<string, unknown>) =>
    context.agent().post('/api/test-payments/tokens').send(card);

  it('answers a token and what may be shown of the card, never the number', async () => {
    const response = await tokenise({
      number: '4242 4242 4242 4242',
      expiry: futureExpiry(),
      cvc: '123',
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ brand: 'visa', last4: '4242', expMonth: 12 });
    expect(response.body.token).toMatch(/^tok_test_/);
    expect(JSON.stringify(response.body)).not.toContain(TEST_CARD_SUCCESS);
  });

  it('tokenises the declining test card (it is declined when charged)', async () => {
    const response = await tokenise({
      number: TEST_CARD_DECLINED,
      expiry: futureExpiry(),
      cvc: '123',
    });
    expect(response.status).toBe(201);
    expect(response.body.last4).toBe('0002');
  });

  it.each([
    [
      { number: '4242 4242 4242 4241', expiry: futureExpiry(), cvc: '123' },
      'Your card number is invalid',
    ],
    [
      { number: '4111111111111111', expiry: futureExpiry(), cvc: '123' },
      'Test mode: use the test card 4242 4242 4242 4242',
    ],
    [{ number: TEST_CARD_SUCCESS, expiry: '13/30', cvc: '123' }, 'Enter the expiry as MM/YY'],
    [{ number: TEST_CARD_SUCCESS, expiry: '01/20', cvc: '123' }, 'Your card has expired'],
    [
      { number: TEST_CARD_SUCCESS, expiry: futureExpiry(), cvc: '12' },
      "Enter the card's 3- or 4-digit security code",
    ],
    [{ expiry: futureExpiry(), cvc: '123' }, 'Card number is required'],
  ])('refuses %j with 400 "%s"', async (card, message) => {
    const response = await tokenise(card);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
  });

  it('limits how many cards one address may try in an hour', async () => {
    const limited = await createTestContext({ rateLimits: { cardTokensPerHour: 2 } });
    try {
      const card = { number: TEST_CARD_SUCCESS, expiry: futureExpiry(), cvc: '123' };
      const agent = limited.agent();
      expect((await agent.post('/api/test-payments/tokens').send(card)).status).toBe(201);
      expect((await agent.post('/api/test-payments/tokens').send(card)).status).toBe(201);
      const third = await agent.post('/api/test-payments/tokens').send(card);
      expect(third.status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

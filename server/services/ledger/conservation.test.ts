import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CARD_DECLINED } from '../payments/payment-provider';
import { businessInput, registerAs } from '../../testing/factories';
import { signedInConsumer } from '../../testing/gift-cards';
import { cardToken } from '../../testing/payments';
import { addPayoutAccountFor } from '../../testing/payout-accounts';
import { spendAtCounter } from '../../testing/redemptions';
import { insertTestStores } from '../../testing/stores';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { enableTwoFactorFor } from '../../testing/two-factor';
import { checkConservation, checkLedger } from './check-ledger';

/**
 * Value is conserved through any sequence of what people do with money: what the platform holds
 * (every card, business balance and pin reserve) always equals card payments taken in less
 * payouts made, and nothing enters or leaves but through payment clearing. Sequences of guest
 * gifts, consumer purchases, declined and missing payments, top-ups, pins created, claimed and
 * cancelled, spends at a business's counter and withdrawals run through the API; the equality is
 * checked after every step, and
 * the payments are counted from the answers, so a payment recorded without being answered (or
 * answered without being recorded) fails too.
 */

type Agent = ReturnType<TestContext['agent']>;
type Person = { agent: Agent; username: string };

let context: TestContext;
let store: number;
let consumers: Person[];
let businesses: Agent[];
const pins: Array<{ id: number; owner: number }> = [];
/** Card payments in less payouts, in cents, from what the API answered. */
let expectedNet = 0;

const cents = (dollars: number) => Math.round(dollars * 100);

beforeAll(async () => {
  context = await createTestContext();
  ({ starbucks: store } = await insertTestStores(context.database.db));
  consumers = await Promise.all(
    [0, 1, 2].map(async () => {
      const { agent, user } = await signedInConsumer(context);
      return { agent, username: user.username };
    }),
  );
  businesses = [];
  for (let index = 0; index < 2; index++) {
    const agent = context.agent();
    await registerAs(agent, businessInput());
    // Withdrawing takes two-factor and a bank account on file.
    const { secret } = await enableTwoFactorFor(agent);
    await addPayoutAccountFor(agent, secret);
    businesses.push(agent);
  }
});
afterAll(async () => {
  await context.close();
});

const amount = fc.integer({ min: 500, max: 50_000 }).map((value) => value / 100);
const card = fc.constantFrom('approved', 'approved', 'declined', 'none') as fc.Arbitrary<
  'approved' | 'declined' | 'none'
>;

const payment = async (kind: 'approved' | 'declined' | 'none') =>
  kind === 'none'
    ? {}
    : {
        paymentToken: await cardToken(
          context,
          kind === 'declined' ? TEST_CARD_DECLINED : undefined,
        ),
      };

type Step =
  | { op: 'guest gift'; to: number; value: number; card: 'approved' | 'declined' | 'none' }
  | {
      op: 'consumer purchase';
      from: number;
      to: number;
      value: number;
      card: 'approved' | 'declined' | 'none';
    }
  | { op: 'add funds'; business: number; value: number; card: 'approved' | 'declined' | 'none' }
  | { op: 'create pin'; business: number; value: number; quantity: number }
  | { op: 'claim pin'; consumer: number; pin: number }
  | { op: 'cancel pin'; business: number; pin: number }
  | { op: 'counter spend'; consumer: number; card: number; business: number; value: number }
  | { op: 'withdraw'; business: number; value: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ op: fc.constant('guest gift' as const), to: fc.nat(2), value: amount, card }),
  fc.record({
    op: fc.constant('consumer purchase' as const),
    from: fc.nat(2),
    to: fc.nat(2),
    value: amount,
    card,
  }),
  fc.record({
    op: fc.constant('add funds' as const),
    business: fc.nat(1),
    value: fc.integer({ min: 100, max: 100_000 }).map((value) => value / 100),
    card,
  }),
  fc.record({
    op: fc.constant('create pin' as const),
    business: fc.nat(1),
    value: fc.integer({ min: 5, max: 60 }),
    quantity: fc.integer({ min: 1, max: 4 }),
  }),
  fc.record({ op: fc.constant('claim pin' as const), consumer: fc.nat(2), pin: fc.nat(20) }),
  fc.record({ op: fc.constant('cancel pin' as const), business: fc.nat(1), pin: fc.nat(20) }),
  fc.record({
    op: fc.constant('counter spend' as const),
    consumer: fc.nat(2),
    card: fc.nat(20),
    business: fc.nat(1),
    value: fc.integer({ min: 1, max: 6_000 }).map((value) => value / 100),
  }),
  fc.record({
    op: fc.constant('withdraw' as const),
    business: fc.nat(1),
    value: fc.integer({ min: 100, max: 60_000 }).map((value) => value / 100),
  }),
);

/** Runs one step through the API; answers its status, and counts a payment it answered. */
async function run(action: Step): Promise<number> {
  switch (action.op) {
    case 'guest gift': {
      const response = await context
        .agent()
        .post('/api/gift-cards/guest')
        .send({
          recipientUsername: consumers[action.to]!.username,
          brand: 'starbucks',
          value: action.value,
          senderEmail: 'conserved.guest@example.com',
          ...(await payment(action.card)),
        });
      if (response.status === 201) expectedNet += cents(action.value);
      return response.status;
    }
    case 'consumer purchase': {
      const response = await consumers[action.from]!.agent.post('/api/gift-cards/guest').send({
        recipientUsername: consumers[action.to]!.username,
        brand: 'dunkin',
        value: action.value,
        senderEmail: 'conserved.buyer@example.com',
        ...(await payment(action.card)),
      });
      if (response.status === 201) expectedNet += cents(action.value);
      return response.status;
    }
    case 'add funds': {
      const response = await businesses[action.business]!.post('/api/wallet/add-funds').send({
        amount: action.value,
        ...(await payment(action.card)),
      });
      if (response.status === 201) expectedNet += cents(action.value);
      return response.status;
    }
    case 'create pin': {
      const response = await businesses[action.business]!.post('/api/pins').send({
        brand: 'starbucks',
        value: action.value,
        quantity: action.quantity,
        radius: 5,
        locationId: store,
        promotionMessage: '',
        targetIdentifiers: [],
        showBusinessInfo: true,
      });
      if (response.status === 201) pins.push({ id: response.body.id, owner: action.business });
      return response.status;
    }
    case 'claim pin': {
      const pin = pins[action.pin % Math.max(1, pins.length)];
      if (!pin) return 0;
      return (await consumers[action.consumer]!.agent.post(`/api/pins/${pin.id}/claim`)).status;
    }
    case 'cancel pin': {
      const pin = pins[action.pin % Math.max(1, pins.length)];
      if (!pin) return 0;
      return (await businesses[action.business]!.post(`/api/pins/${pin.id}/cancel`)).status;
    }
    case 'counter spend': {
      const holder = consumers[action.consumer]!.agent;
      const wallet = await holder.get('/api/gift-cards/consumer/wallet?limit=100');
      const cards = (wallet.body as Array<{ id: number; balance: number; status: string }>).filter(
        (card) => card.status === 'active' && card.balance > 0,
      );
      const card = cards[action.card % Math.max(1, cards.length)];
      if (!card) return 0;
      const response = await spendAtCounter(
        holder,
        card.id,
        businesses[action.business]!,
        action.value,
      );
      return response.status;
    }
    case 'withdraw': {
      const response = await businesses[action.business]!.post('/api/wallet/withdraw').send({
        amount: action.value,
      });
      if (response.status === 201) expectedNet -= cents(action.value);
      return response.status;
    }
  }
}

/** What a step may be answered: its success, or a refusal that moves nothing. */
const ANSWERS: Record<Step['op'], number[]> = {
  'guest gift': [201, 402],
  // 400: a consumer buying for themselves.
  'consumer purchase': [201, 400, 402],
  'add funds': [201, 402],
  // 409: not enough funds for the pin's cards.
  'create pin': [201, 409],
  // 0: no pin yet; 403: not offered to this consumer; 409: claimed already or none left; 410: ended.
  'claim pin': [0, 201, 403, 409, 410],
  // 0: no pin yet; 404: another business's pin; 409: ended already.
  'cancel pin': [0, 200, 404, 409],
  // 0: no card with value; 403: a brand the business does not offer; 409: more than the balance.
  'counter spend': [0, 201, 403, 409],
  // 409: more than the balance.
  withdraw: [201, 409],
};

/** A sequence that reaches every kind of movement, run before the generated ones. */
const EVERY_KIND: Step[] = [
  { op: 'add funds', business: 0, value: 200, card: 'approved' },
  { op: 'add funds', business: 1, value: 50, card: 'declined' },
  { op: 'guest gift', to: 0, value: 25.5, card: 'approved' },
  { op: 'guest gift', to: 1, value: 40, card: 'declined' },
  { op: 'guest gift', to: 1, value: 40, card: 'none' },
  { op: 'consumer purchase', from: 0, to: 2, value: 15, card: 'approved' },
  { op: 'create pin', business: 0, value: 10, quantity: 3 },
  { op: 'claim pin', consumer: 1, pin: 0 },
  { op: 'cancel pin', business: 0, pin: 0 },
  // Business 0 has issued Starbucks pins: it takes the guest's Starbucks card at its counter.
  { op: 'counter spend', consumer: 0, card: 0, business: 0, value: 5.5 },
  { op: 'withdraw', business: 0, value: 120 },
];

describe('conservation of value', () => {
  it('holds what was paid in less what was paid out, after every step of any sequence', async () => {
    const db = context.database.db;
    const seen: Record<string, Set<number>> = {};
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 4, maxLength: 12 }), async (steps) => {
        for (const action of steps) {
          const status = await run(action);
          (seen[action.op] ??= new Set()).add(status);
          expect(ANSWERS[action.op], `${action.op} answered ${status}`).toContain(status);
          const conservation = await checkConservation(db);
          expect(conservation, JSON.stringify(action)).toEqual({
            heldCents: expectedNet,
            paymentsNetCents: expectedNet,
            otherSystemEntries: 0,
          });
        }
        expect(await checkLedger(db)).toEqual({
          entriesSum: 0,
          driftedAccounts: 0,
          negativeAccounts: 0,
        });
      }),
      {
        numRuns: 20,
        examples: [[EVERY_KIND]],
        seed: Number(process.env.CONSERVATION_SEED) || undefined,
      },
    );
    // The sequences reached each kind of movement, not only refusals.
    const succeeded = (op: Step['op']) =>
      [...(seen[op] ?? [])].some((status) => status < 300 && status > 0);
    for (const op of Object.keys(ANSWERS) as Array<Step['op']>)
      expect(succeeded(op), op).toBe(true);
    expect(expectedNet).toBeGreaterThan(0);
  });
});

import { randomBytes } from 'node:crypto';
import { userBrands, userIdentifiers, users } from '@shared/tables/users';
import { hashPassword } from '../auth/password';
import { type Database } from '../db/client';
import { businessInput, consumerInput, registerAs, TEST_PASSWORD } from './factories';
import { cardToken } from './payments';
import { type TestContext } from './test-app';

type Agent = ReturnType<TestContext['agent']>;

/** A signed-in business with `amount` dollars of funds. */
export async function fundedBusiness(context: TestContext, amount = 1000, name?: string) {
  const agent = context.agent();
  const user = await registerAs(agent, businessInput(name ? { name } : {}));
  if (amount > 0) {
    const response = await agent
      .post('/api/wallet/add-funds')
      .send({ amount, paymentToken: await cardToken(context) });
    if (response.status !== 201) throw new Error(`add funds failed: ${response.status}`);
  }
  return { agent, user };
}

/** A pin created through the API by `business`; answers its id. */
export async function createTestPin(
  business: Agent,
  locationId: number,
  overrides: Record<string, unknown> = {},
): Promise<number> {
  const response = await business.post('/api/pins').send({
    brand: 'starbucks',
    value: 10,
    quantity: 5,
    radius: 5,
    locationId,
    promotionMessage: '',
    targetIdentifiers: [],
    showBusinessInfo: true,
    ...overrides,
  });
  if (response.status !== 201) {
    throw new Error(`pin creation failed: ${response.status} ${JSON.stringify(response.body)}`);
  }
  return response.body.id as number;
}

/** A signed-in consumer (favourite brand starbucks, identifier 1 unless overridden). */
export async function signedInConsumer(
  context: TestContext,
  overrides: Parameters<typeof consumerInput>[0] = {},
) {
  const agent = context.agent();
  const user = await registerAs(agent, consumerInput(overrides));
  return { agent, user };
}

/** A consumer holding one claimed card from a fresh pin; answers the card. */
export async function consumerWithCard(
  context: TestContext,
  locationId: number,
  pinOverrides: Record<string, unknown> = {},
) {
  const business = await fundedBusiness(context, 1000, 'Bean Street Coffee');
  const pinId = await createTestPin(business.agent, locationId, pinOverrides);
  const consumer = await signedInConsumer(context);
  const claim = await consumer.agent.post(`/api/pins/${pinId}/claim`);
  if (claim.status !== 201) throw new Error(`claim failed: ${claim.status}`);
  return {
    ...consumer,
    business,
    pinId,
    card: claim.body.giftCard as { id: number; value: number },
  };
}

/**
 * A card bought with money for `recipientUsername` by a guest (a fresh card token pays); answers
 * its id. A paid card is spent at any business that accepts its brand.
 */
export async function buyCardFor(
  context: TestContext,
  recipientUsername: string,
  { value = 10, brand = 'starbucks', senderEmail = 'buyer@example.com' } = {},
): Promise<number> {
  const response = await context
    .agent()
    .post('/api/gift-cards/guest')
    .send({
      recipientUsername,
      brand,
      value,
      senderEmail,
      message: '',
      paymentToken: await cardToken(context),
    });
  if (response.status !== 201) {
    throw new Error(`buying a card failed: ${response.status} ${JSON.stringify(response.body)}`);
  }
  return response.body.id as number;
}

/** A signed-in consumer holding one card a guest bought for them with money. */
export async function consumerWithPaidCard(
  context: TestContext,
  options: Parameters<typeof buyCardFor>[2] = {},
) {
  const consumer = await signedInConsumer(context);
  const cardId = await buyCardFor(context, consumer.user.username, options);
  return { ...consumer, card: { id: cardId, value: options.value ?? 10 } };
}

/**
 * Consumers inserted directly (one password hash for all, TEST_PASSWORD; favourite brand
 * starbucks, identifier 1): for tests that need more people than registration would quickly make.
 */
export async function insertConsumers(
  db: Database,
  count: number,
): Promise<Array<{ id: number; username: string }>> {
  const passwordHash = await hashPassword(TEST_PASSWORD);
  const stamp = randomBytes(4).toString('hex');
  const rows = await db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, index) => ({
        type: 'consumer' as const,
        email: `many_${stamp}_${index}@example.com`,
        username: `many_${stamp}_${index}`,
        passwordHash,
        name: `Many ${index}`,
        phone: '+15551234567',
      })),
    )
    .returning({ id: users.id, username: users.username });
  await db.insert(userBrands).values(rows.map((row) => ({ userId: row.id, brandId: 'starbucks' })));
  await db.insert(userIdentifiers).values(rows.map((row) => ({ userId: row.id, identifierId: 1 })));
  return rows;
}

/** Many consumers at once (insertConsumers), each signed in through the API. */
export async function manyConsumers(context: TestContext, count: number): Promise<Agent[]> {
  const rows = await insertConsumers(context.database.db, count);
  return Promise.all(
    rows.map(async (row) => {
      const agent = context.agent();
      const response = await agent
        .post('/api/login')
        .send({ identifier: row.username, password: TEST_PASSWORD });
      if (response.status !== 200) throw new Error(`login failed: ${response.status}`);
      return agent;
    }),
  );
}

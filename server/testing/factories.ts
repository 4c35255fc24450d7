import { randomBytes } from 'node:crypto';
import type request from 'supertest';
import { type BusinessRegistration, type ConsumerRegistration } from '@shared/schema/users';

const unique = () => randomBytes(4).toString('hex');

export const TEST_PASSWORD = 'correct-horse-9';

export function consumerInput(overrides: Partial<ConsumerRegistration> = {}): ConsumerRegistration {
  const id = unique();
  return {
    type: 'consumer',
    email: `consumer_${id}@example.com`,
    username: `consumer_${id}`,
    password: TEST_PASSWORD,
    name: 'Casey Consumer',
    phoneNumber: '(555) 123-4567',
    brands: ['starbucks'],
    identifiers: [1],
    ...overrides,
  };
}

export function businessInput(overrides: Partial<BusinessRegistration> = {}): BusinessRegistration {
  const id = unique();
  return {
    type: 'business',
    email: `business_${id}@example.com`,
    username: `business_${id}`,
    password: TEST_PASSWORD,
    name: 'Blue Bottle Partners',
    ...overrides,
  };
}

/** Registers through the API, so the agent ends up signed in as that user. */
export async function registerAs(
  agent: ReturnType<typeof request.agent>,
  input: ConsumerRegistration | BusinessRegistration,
) {
  const response = await agent.post('/api/register').send(input);
  if (response.status !== 201) {
    throw new Error(`registration failed: ${response.status} ${JSON.stringify(response.body)}`);
  }
  return response.body as { id: number; username: string };
}

import { TEST_CARD_SUCCESS } from '../services/payments/payment-provider';
import { type TestContext } from './test-app';

/** A fresh card expiry two years ahead, as the card form takes it ("MM/YY"). */
export const futureExpiry = () => {
  const year = (new Date().getUTCFullYear() + 2) % 100;
  return `12/${String(year).padStart(2, '0')}`;
};

/**
 * A token for a test card, made the way a browser makes one: the card details go to the test
 * provider's tokenisation endpoint, and only the token is sent with a payment.
 */
export async function cardToken(
  context: TestContext,
  number: string = TEST_CARD_SUCCESS,
): Promise<string> {
  const response = await context
    .agent()
    .post('/api/test-payments/tokens')
    .send({ number, expiry: futureExpiry(), cvc: '123' });
  if (response.status !== 201) {
    throw new Error(
      `tokenising a card failed: ${response.status} ${JSON.stringify(response.body)}`,
    );
  }
  return response.body.token as string;
}

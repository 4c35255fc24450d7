import { randomUUID } from 'node:crypto';
import { AppError } from '../../lib/errors';

/**
 * Where money enters and leaves the platform. The embedded default is the test-mode
 * provider below; a real processor implements the same interface and is chosen by configuration.
 */
export interface PaymentProvider {
  readonly mode: 'test' | 'live';
  /** Charges a card; throws 402 when declined, 400 when the card is not valid. */
  charge(input: { amountCents: number; cardNumber: string; idempotencyKey?: string }): Promise<{
    reference: string;
    cardLast4: string;
  }>;
  /** Pays a business out to its account on file. */
  payout(input: {
    amountCents: number;
    userId: number;
    idempotencyKey?: string;
  }): Promise<{ reference: string }>;
}

export const TEST_CARD_SUCCESS = '4242424242424242';
export const TEST_CARD_DECLINED = '4000000000000002';

/** Card-processor convention: 4242… succeeds, 4000 0000 0000 0002 is declined, anything else is invalid. */
export function createTestPaymentProvider(): PaymentProvider {
  return {
    mode: 'test',
    async charge({ cardNumber }) {
      const digits = cardNumber.replace(/[\s-]/g, '');
      if (digits === TEST_CARD_DECLINED)
        throw new AppError('PAYMENT_DECLINED', 'Your card was declined');
      if (digits !== TEST_CARD_SUCCESS) {
        throw new AppError('VALIDATION', 'Your card number is invalid', {
          errors: { cardNumber: 'Your card number is invalid' },
        });
      }
      return { reference: `test_ch_${randomUUID()}`, cardLast4: digits.slice(-4) };
    },
    async payout() {
      return { reference: `test_po_${randomUUID()}` };
    },
  };
}

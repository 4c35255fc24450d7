import { and, eq } from 'drizzle-orm';
import { PAYMENT_MESSAGES } from '@shared/schema/payments';
import { paymentMethods } from '@shared/tables/payments';
import { type Executor } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';

export type PaymentSource = {
  paymentToken?: string | undefined;
  paymentMethodId?: number | undefined;
};

/**
 * The provider token a request pays with: a fresh card token, or the token of one of the payer's
 * saved cards. No payment at all is 402 (the client knows to ask for a card); a saved card of
 * someone else's is not found.
 */
export async function resolvePaymentToken(
  db: Executor,
  payerId: number | null,
  source: PaymentSource,
): Promise<string> {
  if (source.paymentToken && source.paymentMethodId) {
    throw new AppError('VALIDATION', PAYMENT_MESSAGES.oneSource);
  }
  if (source.paymentToken) return source.paymentToken;
  if (source.paymentMethodId) {
    if (payerId === null) throw notFound(PAYMENT_MESSAGES.unknownSavedCard);
    const [saved] = await db
      .select({ token: paymentMethods.providerToken })
      .from(paymentMethods)
      .where(
        and(eq(paymentMethods.id, source.paymentMethodId), eq(paymentMethods.userId, payerId)),
      );
    if (!saved) throw notFound(PAYMENT_MESSAGES.unknownSavedCard);
    return saved.token;
  }
  throw new AppError('PAYMENT_REQUIRED', PAYMENT_MESSAGES.required);
}

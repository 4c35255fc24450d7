import { type TestContext } from './test-app';

type Agent = ReturnType<TestContext['agent']>;

/** A new counter code for the holder's card, as the Use Card screen asks for one. */
export async function redemptionCodeFor(holder: Agent, cardId: number): Promise<string> {
  const response = await holder.post(`/api/gift-cards/${cardId}/redemption-code`);
  if (response.status !== 201) {
    throw new Error(`redemption code failed: ${response.status} ${JSON.stringify(response.body)}`);
  }
  return response.body.code as string;
}

/**
 * The holder shows the card and the business takes `amount` dollars of it at the counter (the
 * business must offer the card's brand); answers the business's response.
 */
export async function spendAtCounter(
  holder: Agent,
  cardId: number,
  business: Agent,
  amount: number,
  extra: { storeId?: number; idempotencyKey?: string } = {},
) {
  const code = await redemptionCodeFor(holder, cardId);
  let request = business.post('/api/redemptions');
  if (extra.idempotencyKey) request = request.set('Idempotency-Key', extra.idempotencyKey);
  return request.send({
    code,
    amount,
    ...(extra.storeId !== undefined && { storeId: extra.storeId }),
  });
}

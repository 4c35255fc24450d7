import { contractGroup, defineContract } from '../contract';
import { cardDetailsSchema, cardTokenSchema, paymentConfigSchema } from '../schema/payments';

const tag = 'Payments';

export const paymentsContracts = contractGroup('payments', {
  config: defineContract({
    method: 'get',
    path: '/payments/config',
    summary: 'The payment mode, and where the browser sends card details to be tokenised',
    tag,
    access: 'public',
    answer: {
      kind: 'json',
      status: 200,
      schema: paymentConfigSchema,
      description: 'The payment configuration',
    },
  }),
  // The test-mode provider's tokenisation endpoint. With a real processor the browser sends card
  // details to the processor itself, and this one answers 404.
  testToken: defineContract({
    method: 'post',
    path: '/test-payments/tokens',
    summary: 'Test mode only: turn test card details into a token to pay with',
    tag,
    access: 'public',
    body: cardDetailsSchema,
    answer: {
      kind: 'json',
      status: 201,
      schema: cardTokenSchema,
      description: 'The token, and what may be shown of the card',
    },
    errors: { 404: 'Payments are live: card details go to the payment processor, not here' },
    // Trying card numbers one after another is how stolen cards are tested.
    rateLimits: [
      {
        name: 'card-tokens',
        per: 'address',
        setting: 'cardTokensPerHour',
        windowSeconds: 60 * 60,
        message: 'Too many cards entered. Please try again later.',
      },
    ],
  }),
});

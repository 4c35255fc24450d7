import { cardDetailsSchema, cardTokenSchema, paymentConfigSchema } from '@shared/schema/payments';
import { type RouteDependencies } from '../app-context';
import { type ApiRoute, defineRoute, reply } from '../lib/api-route';
import { consumeRateLimit } from '../services/rate-limit/rate-limit';

export function paymentsRoutes({ db, config, paymentProvider }: RouteDependencies): ApiRoute[] {
  const tag = 'Payments';
  const routes: ApiRoute[] = [
    defineRoute({
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
      handle: () => ({ mode: paymentProvider.mode, tokenizeUrl: paymentProvider.tokenizeUrl }),
    }),
  ];
  // The test-mode provider's tokenisation endpoint. With a real processor the browser sends card
  // details to the processor itself and this route does not exist.
  if ('tokenize' in paymentProvider && typeof paymentProvider.tokenize === 'function') {
    const tokenize = paymentProvider.tokenize.bind(paymentProvider);
    routes.push(
      defineRoute({
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
        handle: async ({ body, request }) => {
          // Trying card numbers one after another is how stolen cards are tested.
          await consumeRateLimit(db, {
            key: `card-tokens:address:${request.ip}`,
            limit: config.rateLimits.cardTokensPerHour,
            windowSeconds: 60 * 60,
            message: 'Too many cards entered. Please try again later.',
          });
          return reply(201, await tokenize(body));
        },
      }),
    );
  }
  return routes;
}

import { paymentsContracts as contracts } from '@shared/contracts/payments';
import { type RouteDependencies } from '../app-context';
import { type ApiRoute, implement, reply } from '../lib/api-route';
import { notFound } from '../lib/errors';

const LIVE_MODE_MESSAGE = 'Card details go to the payment processor, not here';

export function paymentsRoutes({ paymentProvider }: RouteDependencies): ApiRoute[] {
  // The test-mode provider's tokenisation endpoint. With a real processor the browser sends card
  // details to the processor itself: the route is still bound (every contract has a handler) but
  // finds nothing to do.
  const tokenize =
    'tokenize' in paymentProvider && typeof paymentProvider.tokenize === 'function'
      ? paymentProvider.tokenize.bind(paymentProvider)
      : null;
  return [
    implement(contracts.config, () => ({
      mode: paymentProvider.mode,
      tokenizeUrl: paymentProvider.tokenizeUrl,
    })),
    implement(contracts.testToken, async ({ body }) => {
      if (!tokenize) throw notFound(LIVE_MODE_MESSAGE);
      return reply(201, await tokenize(body));
    }),
  ];
}

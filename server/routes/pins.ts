import {
  businessDashboardStatsSchema,
  businessPinSchema,
  createPinSchema,
  extendPinSchema,
  pinListQuerySchema,
  topUpPinSchema,
} from '@shared/schema/pins';
import { type RouteDependencies } from '../app-context';
import { type ApiRoute, defineRoute } from '../lib/api-route';
import { idParam } from '../lib/validate';
import { cancelPin } from '../services/pins/cancel-pin';
import { createPin } from '../services/pins/create-pin';
import { extendPin } from '../services/pins/extend-pin';
import { getDashboardStats } from '../services/pins/get-dashboard-stats';
import { listBusinessPins } from '../services/pins/list-business-pins';
import { pausePin } from '../services/pins/pause-pin';
import { expirePins } from '../services/pins/pin-refunds';
import { resumePin } from '../services/pins/resume-pin';
import { topUpPin } from '../services/pins/top-up-pin';

/** What a change to one pin answers: the pin as it is now. */
const pinAnswer = (description: string) =>
  ({ kind: 'json', status: 200, schema: businessPinSchema, description }) as const;

export function pinsRoutes({ db }: RouteDependencies): ApiRoute[] {
  const tag = 'Pins';
  return [
    defineRoute({
      method: 'post',
      path: '/pins',
      summary: 'Drop a pin: gift cards consumers nearby can claim',
      tag,
      access: 'business',
      body: createPinSchema,
      // The cards' value leaves the business's funds for whoever claims them.
      stepUp: true,
      answer: { kind: 'json', status: 201, schema: businessPinSchema, description: 'The new pin' },
      handle: ({ user, body }) => createPin(db, user.id, body),
    }),
    defineRoute({
      method: 'get',
      path: '/pins/mine',
      summary: 'My pins',
      tag,
      access: 'business',
      query: pinListQuerySchema,
      answer: { kind: 'page', item: businessPinSchema, description: 'One page of my pins' },
      handle: ({ user, query }) => listBusinessPins(db, user.id, query),
    }),
    defineRoute({
      method: 'post',
      path: '/pins/:id/cancel',
      summary: 'Cancel a pin (what remains unclaimed goes back to my funds)',
      tag,
      access: 'business',
      params: idParam('Pin'),
      answer: pinAnswer('The pin, cancelled'),
      handle: ({ user, params }) => cancelPin(db, user.id, params.id),
    }),
    defineRoute({
      method: 'post',
      path: '/pins/:id/pause',
      summary: 'Pause a pin: off the marketplace, its cards still reserved',
      tag,
      access: 'business',
      params: idParam('Pin'),
      answer: pinAnswer('The pin, paused'),
      handle: async ({ user, params }) => {
        // A pin past its expiry is settled first, so it answers as the expired pin it is.
        await expirePins(db, { businessId: user.id });
        return pausePin(db, user.id, params.id);
      },
    }),
    defineRoute({
      method: 'post',
      path: '/pins/:id/resume',
      summary: 'Resume a paused pin (sold out if it has no cards left)',
      tag,
      access: 'business',
      params: idParam('Pin'),
      answer: pinAnswer('The pin, resumed'),
      handle: async ({ user, params }) => {
        await expirePins(db, { businessId: user.id });
        return resumePin(db, user.id, params.id);
      },
    }),
    defineRoute({
      method: 'post',
      path: '/pins/:id/extend',
      summary: 'Push a pin’s expiry later, at most a year from today',
      tag,
      access: 'business',
      params: idParam('Pin'),
      body: extendPinSchema,
      // Keeping the cards claimable longer keeps the business's value on offer to strangers.
      stepUp: true,
      answer: pinAnswer('The pin, extended'),
      handle: async ({ user, params, body }) => {
        await expirePins(db, { businessId: user.id });
        return extendPin(db, user.id, params.id, body);
      },
    }),
    defineRoute({
      method: 'post',
      path: '/pins/:id/top-up',
      summary: 'Add cards to a pin, reserving their value from my funds',
      tag,
      access: 'business',
      params: idParam('Pin'),
      body: topUpPinSchema,
      // More of the business's funds are put on offer to whoever claims them.
      stepUp: true,
      answer: pinAnswer('The pin, with its new cards'),
      handle: async ({ user, params, body }) => {
        await expirePins(db, { businessId: user.id });
        return topUpPin(db, user.id, params.id, body);
      },
    }),
    defineRoute({
      method: 'get',
      path: '/business/dashboard',
      summary: "My business's statistics",
      tag,
      access: 'business',
      answer: {
        kind: 'json',
        status: 200,
        schema: businessDashboardStatsSchema,
        description: 'Active pins, their remaining value and my rank',
      },
      handle: async ({ user }) => {
        // Pins past their expiry are settled first, so they are not counted as active.
        await expirePins(db, { businessId: user.id });
        return getDashboardStats(db, user.id);
      },
    }),
  ];
}

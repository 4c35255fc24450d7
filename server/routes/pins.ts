import {
  businessDashboardStatsSchema,
  businessPinSchema,
  createPinSchema,
  pinListQuerySchema,
} from '@shared/schema/pins';
import { type RouteDependencies } from '../app-context';
import { type ApiRoute, defineRoute } from '../lib/api-route';
import { idParam } from '../lib/validate';
import { cancelPin } from '../services/pins/cancel-pin';
import { createPin } from '../services/pins/create-pin';
import { getDashboardStats } from '../services/pins/get-dashboard-stats';
import { listBusinessPins } from '../services/pins/list-business-pins';
import { expirePins } from '../services/pins/pin-refunds';

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
      handle: async ({ user, query }) => {
        // Pins past their expiry are settled before they are shown (the periodic sweep may lag).
        await expirePins(db, { businessId: user.id });
        return listBusinessPins(db, user.id, query);
      },
    }),
    defineRoute({
      method: 'post',
      path: '/pins/:id/cancel',
      summary: 'Cancel a pin (what remains unclaimed goes back to my funds)',
      tag,
      access: 'business',
      params: idParam('Pin'),
      answer: {
        kind: 'json',
        status: 200,
        schema: businessPinSchema,
        description: 'The pin, cancelled',
      },
      handle: ({ user, params }) => cancelPin(db, user.id, params.id),
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

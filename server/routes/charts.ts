import { z } from 'zod';
import {
  activityChartDaySchema,
  giftsChartMonthSchema,
  topStoreSchema,
  valueChartSchema,
} from '@shared/schema/charts';
import { type RouteDependencies } from '../app-context';
import { type ApiRoute, defineRoute } from '../lib/api-route';
import { getActivityChart } from '../services/charts/activity-chart';
import { getGiftsChart } from '../services/charts/gifts-chart';
import { getTopStoresChart } from '../services/charts/top-stores-chart';
import { getValueChart } from '../services/charts/value-chart';

export function chartsRoutes({ db }: RouteDependencies): ApiRoute[] {
  const tag = 'Charts';
  return [
    defineRoute({
      method: 'get',
      path: '/business/charts/activity',
      summary: 'Claims from my pins and spends of their cards, per UTC day for the last 30 days',
      tag,
      access: 'business',
      answer: {
        kind: 'json',
        status: 200,
        schema: z.array(activityChartDaySchema),
        description: 'One entry per UTC day, oldest first, today last; quiet days as zeros',
      },
      handle: ({ user }) => getActivityChart(db, user.id),
    }),
    defineRoute({
      method: 'get',
      path: '/business/charts/value',
      summary:
        'The value of the cards claimed from my pins: issued, redeemed, outstanding, returned',
      tag,
      access: 'business',
      answer: {
        kind: 'json',
        status: 200,
        schema: valueChartSchema,
        description: 'Dollars',
      },
      handle: ({ user }) => getValueChart(db, user.id),
    }),
    defineRoute({
      method: 'get',
      path: '/business/charts/top-stores',
      summary: 'The five stores with the most claims from my pins',
      tag,
      access: 'business',
      answer: {
        kind: 'json',
        status: 200,
        schema: z.array(topStoreSchema),
        description: 'Most claims first, ties by store name; stores without a claim left out',
      },
      handle: ({ user }) => getTopStoresChart(db, user.id),
    }),
    defineRoute({
      method: 'get',
      path: '/wallet/charts/gifts',
      summary: 'Gifts I sent and received, per UTC month for the last 12 months',
      tag,
      access: 'consumer',
      answer: {
        kind: 'json',
        status: 200,
        schema: z.array(giftsChartMonthSchema),
        description:
          'One entry per UTC month, oldest first, this month last; quiet months as zeros',
      },
      handle: ({ user }) => getGiftsChart(db, user.id),
    }),
  ];
}

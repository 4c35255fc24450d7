import { z } from 'zod';
import { contractGroup, defineContract } from '../contract';
import {
  activityChartDaySchema,
  giftsChartMonthSchema,
  topStoreSchema,
  valueChartSchema,
} from '../schema/charts';

const tag = 'Charts';

export const chartsContracts = contractGroup('charts', {
  activity: defineContract({
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
  }),
  value: defineContract({
    method: 'get',
    path: '/business/charts/value',
    summary: 'The value of the cards claimed from my pins: issued, redeemed, outstanding, returned',
    tag,
    access: 'business',
    answer: {
      kind: 'json',
      status: 200,
      schema: valueChartSchema,
      description: 'Dollars',
    },
  }),
  topStores: defineContract({
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
  }),
  gifts: defineContract({
    method: 'get',
    path: '/wallet/charts/gifts',
    summary: 'Gifts I sent and received, per UTC month for the last 12 months',
    tag,
    access: 'consumer',
    answer: {
      kind: 'json',
      status: 200,
      schema: z.array(giftsChartMonthSchema),
      description: 'One entry per UTC month, oldest first, this month last; quiet months as zeros',
    },
  }),
});

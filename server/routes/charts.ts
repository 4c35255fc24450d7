import { chartsContracts as contracts } from '@shared/contracts/charts';
import { type RouteDependencies } from '../app-context';
import { type ApiRoute, implement } from '../lib/api-route';
import { getActivityChart } from '../services/charts/activity-chart';
import { getGiftsChart } from '../services/charts/gifts-chart';
import { getTopStoresChart } from '../services/charts/top-stores-chart';
import { getValueChart } from '../services/charts/value-chart';

export function chartsRoutes({ db }: RouteDependencies): ApiRoute[] {
  return [
    implement(contracts.activity, ({ user }) => getActivityChart(db, user.id)),
    implement(contracts.value, ({ user }) => getValueChart(db, user.id)),
    implement(contracts.topStores, ({ user }) => getTopStoresChart(db, user.id)),
    implement(contracts.gifts, ({ user }) => getGiftsChart(db, user.id)),
  ];
}

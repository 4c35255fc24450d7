import { pinsContracts as contracts } from '@shared/contracts/pins';
import { type RouteDependencies } from '../app-context';
import { type ApiRoute, implement } from '../lib/api-route';
import { cancelPin } from '../services/pins/cancel-pin';
import { createPin } from '../services/pins/create-pin';
import { extendPin } from '../services/pins/extend-pin';
import { getDashboardStats } from '../services/pins/get-dashboard-stats';
import { listBusinessPins } from '../services/pins/list-business-pins';
import { pausePin } from '../services/pins/pause-pin';
import { expirePins } from '../services/pins/pin-refunds';
import { resumePin } from '../services/pins/resume-pin';
import { topUpPin } from '../services/pins/top-up-pin';

export function pinsRoutes({ db }: RouteDependencies): ApiRoute[] {
  return [
    implement(contracts.create, ({ user, body }) => createPin(db, user.id, body)),
    implement(contracts.mine, ({ user, query }) => listBusinessPins(db, user.id, query)),
    implement(contracts.cancel, ({ user, params }) => cancelPin(db, user.id, params.id)),
    implement(contracts.pause, async ({ user, params }) => {
      // A pin past its expiry is settled first, so it answers as the expired pin it is.
      await expirePins(db, { businessId: user.id });
      return pausePin(db, user.id, params.id);
    }),
    implement(contracts.resume, async ({ user, params }) => {
      await expirePins(db, { businessId: user.id });
      return resumePin(db, user.id, params.id);
    }),
    implement(contracts.extend, async ({ user, params, body }) => {
      await expirePins(db, { businessId: user.id });
      return extendPin(db, user.id, params.id, body);
    }),
    implement(contracts.topUp, async ({ user, params, body }) => {
      await expirePins(db, { businessId: user.id });
      return topUpPin(db, user.id, params.id, body);
    }),
    implement(contracts.dashboard, async ({ user }) => {
      // Pins past their expiry are settled first, so they are not counted as active.
      await expirePins(db, { businessId: user.id });
      return getDashboardStats(db, user.id);
    }),
  ];
}

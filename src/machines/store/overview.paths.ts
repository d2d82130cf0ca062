import { ApiError } from '../../api/errors';
import { HomeDataSchema, type HomeData } from '../../api/stores';
import { overviewMachine } from './overview.machine';
import { MONDAY_9AM_SECONDS } from '../path-model/fixtures';
import type { PathEvent, PathModel } from '../path-model/model';

/**
 * The events the overview graph is explored with: GET /stores/home answers or fails, and the
 * operator reloads from either outcome.
 */
export const PATH_HOME: HomeData = HomeDataSchema.parse({
  offers_qty: 3,
  today_sales: 42.5,
  received_orders: 9,
  pickedup_orders: 6,
  current_Offers: 2,
  rating: 4.5,
  rating_qty: 12,
  reviews: [
    {
      order_id: 20001,
      rating: 5,
      date: MONDAY_9AM_SECONDS - 3600,
      description: 'Surprise bag',
      review: 'Lovely bread',
      total_price_bt: 4.09,
      total_quantity: 1,
      category: 'Bakery',
    },
  ],
  annual_income: 48_250.5,
  new_customers: 37,
  sales_ratio: 82.5,
  value: 1200,
  items_rescued: 1204,
});

export const overviewPathEvents = [
  { type: 'overview.reload' },
  { type: 'xstate.done.actor.loadHome', output: PATH_HOME },
  { type: 'xstate.error.actor.loadHome', error: new ApiError({ kind: 'network', operation: 'GET /stores/home', message: 'GET /stores/home could not reach the server' }) },
] satisfies readonly PathEvent<typeof overviewMachine>[];

export const overviewPathModel: PathModel<typeof overviewMachine> = {
  machine: overviewMachine,
  events: overviewPathEvents,
};

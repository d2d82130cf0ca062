import type { Earning, ManagementInfo, MonthlySales } from '../../api/management';
import { ApiError } from '../../api/errors';
import { managementMachine } from './machine';
import type { PathEvent, PathModel } from '../path-model/model';

/**
 * The events the Management Information dashboard graph is explored with: each of its three
 * parts (headline figures, monthly sales, earnings segmentation) loads or fails on its own, and
 * each failed part has its own Retry.
 */
export const PATH_INFO: ManagementInfo = { annual_income: 48_250.5, new_customers: 37, sales_ratio: 82.5, items_rescued: 1_204 };
export const PATH_SALES: MonthlySales[] = [
  { month: '2025-06', value: 3_100 },
  { month: '2025-07', value: 4_250 },
];
export const PATH_EARNINGS: Earning[] = [
  { id: 1, label: 'Bakery', value: 1_200, color: '#C2410C' },
  { id: 2, label: 'Pastry', value: 800, color: '#0B6BCB' },
];

const serverError = (operation: string) => new ApiError({ kind: 'http', status: 500, operation, message: 'Internal error' });

export const managementPathEvents = [
  { type: 'xstate.done.actor.loadInfo', output: PATH_INFO },
  { type: 'xstate.error.actor.loadInfo', error: serverError('GET /stores/management/info') },
  { type: 'xstate.done.actor.loadSales', output: PATH_SALES },
  { type: 'xstate.error.actor.loadSales', error: serverError('GET /stores/management/sales') },
  { type: 'xstate.done.actor.loadCustomers', output: PATH_EARNINGS },
  { type: 'xstate.error.actor.loadCustomers', error: serverError('GET /stores/management/customers') },
  { type: 'management.retryInfo' },
  { type: 'management.retrySales' },
  { type: 'management.retryCustomers' },
] satisfies readonly PathEvent<typeof managementMachine>[];

export const managementPathModel: PathModel<typeof managementMachine> = {
  machine: managementMachine,
  events: managementPathEvents,
};

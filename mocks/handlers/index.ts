import type { HttpHandler } from 'msw';
import type { MockContext } from '../context';
import { identityHandlers } from '../identity';
import { createKit } from '../kit';
import { accountsHandlers } from './accounts';
import { lookupsHandlers } from './lookups';
import { managementHandlers } from './management';
import { offersHandlers } from './offers';
import { ordersHandlers } from './orders';
import { sessionHandlers } from './session';
import { storesHandlers } from './stores';
import { templatesHandlers } from './templates';

/**
 * Every handler of the mock backend, shared by the browser worker (mocks/browser.ts) and the
 * test server (mocks/node.ts). One module per resource; each receives the same Kit, so auth,
 * store scoping, validation, faults and persistence behave alike everywhere.
 */
export function createHandlers(ctx: MockContext): HttpHandler[] {
  const kit = createKit(ctx);
  return [
    ...identityHandlers(kit),
    ...sessionHandlers(kit),
    ...storesHandlers(kit),
    ...accountsHandlers(kit),
    ...lookupsHandlers(kit),
    ...managementHandlers(kit),
    ...ordersHandlers(kit),
    ...offersHandlers(kit),
    ...templatesHandlers(kit),
  ];
}

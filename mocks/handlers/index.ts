import type { HttpHandler } from 'msw';
import type { MockContext } from '../context';
import { identityHandlers } from '../identity';
import { createKit } from '../kit';
import { accountsHandlers } from './accounts';
import { directionsHandlers } from './directions';
import { geocodingHandlers } from './geocoding';
import { hubspotHandlers } from './hubspot';
import { logisticsHandlers } from './logistics';
import { lookupsHandlers } from './lookups';
import { managementHandlers } from './management';
import { offersHandlers } from './offers';
import { ordersHandlers, storeOrdersHandlers } from './orders';
import { profileHandlers } from './profile';
import { registrationHandlers } from './registration';
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
    // Sign-up, its validation link and the city checks: no platform token (no account yet).
    ...registrationHandlers(kit),
    ...storesHandlers(kit),
    ...profileHandlers(kit),
    ...accountsHandlers(kit),
    ...lookupsHandlers(kit),
    ...managementHandlers(kit),
    ...ordersHandlers(kit),
    ...offersHandlers(kit),
    ...templatesHandlers(kit),
    ...logisticsHandlers(kit),
    ...hubspotHandlers(kit),
    // Third-party map services (no platform token): directions and geocoding.
    ...directionsHandlers(kit),
    ...geocodingHandlers(kit),
    // Last: GET /stores/{id}/orders matches any /stores/{x}/orders, so every other GET of the
    // form is answered by its own module first (MSW answers with the first matching handler).
    ...storeOrdersHandlers(kit),
  ];
}

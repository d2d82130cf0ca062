/**
 * The registry of path models: one entry a machine (or a machine started from another input), by
 * the name `npm run paths -- <name>` takes. scripts/paths.ts prints these as QA test plans and
 * tests/machines/path-registry.test.ts checks that every machine has an entry and that each
 * entry's generated paths cover its whole graph.
 */
import { sessionMachine } from '../../src/machines/session/machine';
import { uploadMachine } from '../../src/machines/upload.machine';
import { counterPathModel, counterRefreshPathModel } from './counter-paths';
import { offerDatesPathModel, offerDatesTomorrowModel } from './offer-dates-paths';
import { offerFormCreatePathModel, offerFormPathModel } from './offer-form-paths';
import { orderPagePathModel } from './order-page-paths';
import { ordersListPathModel } from './orders-list-paths';
import { devicesPathModel } from './devices-paths';
import type { PathModel } from './paths';
import { profileFormPathModel } from './profile-form-paths';
import { routesMapPathModel } from './routes-map-paths';
import { pushPathModel } from './push-paths';
import { sessionPathEvents } from './session-paths';
import { settingsFormPathModel } from './settings-form-paths';
import { summaryPathModel } from './summary-paths';
import { syncPathModel } from './sync-paths';
import { templateFormPathModel } from './template-form-paths';
import { termsLoadedPathModel, termsPathModel } from './terms-paths';
import { templatesListPathModel } from './templates-list-paths';
import { uploadPathEvents } from './upload-paths';
import { addressLookupPathModel } from './address-lookup-paths';
import { pickupFormPathModel, pickupsListPathModel } from './pickups-paths';
import { truckFormPathModel, trucksListPathModel } from './trucks-paths';
import { accountsListPathModel } from './accounts-list-paths';
import { deliveriesListPathModel } from './deliveries-list-paths';
import { deliveryMapPathModel } from './delivery-map-paths';
import { deliveryPagePathModel } from './delivery-page-paths';
import { managementPathModel } from './management-paths';
import { offersListPathModel } from './offers-list-paths';
import { orderDetailPathModel } from './order-detail-paths';
import { overviewPathModel } from './overview-paths';
import { reviewsPathModel } from './reviews-paths';
import { snackbarPathModel } from './snackbar-paths';
import { storeProfilePathModel } from './store-profile-paths';
import { storeSwitchPathModel } from './store-switch-paths';
import { cityCheckPathModel, recoveryPathModel, registrationLinkPathModel, registrationPathModel } from './registration-paths';

/** One line a machine: its name on the command line → the machine and the events to explore it with. */
export const pathRegistry: Record<string, PathModel> = {
  session: { machine: sessionMachine, events: sessionPathEvents },
  upload: { machine: uploadMachine, events: uploadPathEvents },
  'offer-dates': offerDatesPathModel as PathModel,
  'offer-dates-tomorrow': offerDatesTomorrowModel as PathModel,
  'offer-form': offerFormPathModel as PathModel,
  'offer-form-create': offerFormCreatePathModel as PathModel,
  'templates-list': templatesListPathModel as PathModel,
  'template-form': templateFormPathModel as PathModel,
  summary: summaryPathModel as PathModel,
  sync: syncPathModel as PathModel,
  'orders-list': ordersListPathModel as PathModel,
  'order-page': orderPagePathModel as PathModel,
  counter: counterPathModel as PathModel,
  'counter-refresh': counterRefreshPathModel as PathModel,
  terms: termsPathModel as PathModel,
  'terms-loaded': termsLoadedPathModel as PathModel,
  'profile-form': profileFormPathModel as PathModel,
  push: pushPathModel as PathModel,
  'settings-form': settingsFormPathModel as PathModel,
  devices: devicesPathModel as PathModel,
  'routes-map': routesMapPathModel as PathModel,
  'trucks-list': trucksListPathModel as PathModel,
  'truck-form': truckFormPathModel as PathModel,
  'pickups-list': pickupsListPathModel as PathModel,
  'pickup-form': pickupFormPathModel as PathModel,
  'address-lookup': addressLookupPathModel as PathModel,
  'deliveries-list': deliveriesListPathModel as PathModel,
  'delivery-page': deliveryPagePathModel as PathModel,
  'delivery-map': deliveryMapPathModel as PathModel,
  'accounts-list': accountsListPathModel as PathModel,
  registration: registrationPathModel as PathModel,
  'registration-link': registrationLinkPathModel as PathModel,
  'city-check': cityCheckPathModel as PathModel,
  recovery: recoveryPathModel as PathModel,
  management: managementPathModel as PathModel,
  'offers-list': offersListPathModel as PathModel,
  'order-detail': orderDetailPathModel as PathModel,
  overview: overviewPathModel as PathModel,
  reviews: reviewsPathModel as PathModel,
  snackbar: snackbarPathModel as PathModel,
  'store-profile': storeProfilePathModel as PathModel,
  'store-switch': storeSwitchPathModel as PathModel,
};

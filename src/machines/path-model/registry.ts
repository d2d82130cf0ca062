/**
 * The registry of path models: one entry a machine (or a machine started from another input), by
 * the name `npm run paths -- <name>` takes. scripts/paths.ts prints these as QA test plans and
 * tests/machines/path-registry.test.ts checks that every machine has an entry and that each
 * entry's generated paths cover its whole graph.
 */
import { sessionMachine } from '../session/machine';
import { uploadMachine } from '../upload/machine';
import { counterPathModel, counterRefreshPathModel } from '../orders/counter.paths';
import { offerDatesPathModel, offerDatesTomorrowModel } from '../offers/dates.paths';
import { offerFormCreatePathModel, offerFormPathModel } from '../offers/form.paths';
import { orderPagePathModel } from '../orders/page.paths';
import { ordersListPathModel } from '../orders/list.paths';
import { devicesPathModel } from '../settings/devices.paths';
import type { MachinePlan, PathModel } from './model';
import { languageSwitchPathModel } from '../profile/language-switch.paths';
import { profileFormPathModel } from '../profile/form.paths';
import { routesMapPathModel } from '../deliveries/routes-map.paths';
import { pushPathModel } from '../notifications/push.paths';
import { notificationsRefreshPathModel } from '../notifications/refresh.paths';
import { sessionPathEvents } from '../session/paths';
import { settingsFormPathModel } from '../settings/form.paths';
import { summaryPathModel } from '../summary/paths';
import { syncPathModel } from '../sync/paths';
import { templateFormPathModel } from '../templates/form.paths';
import { termsLoadedPathModel, termsPathModel } from '../settings/terms.paths';
import { templatesListPathModel } from '../templates/list.paths';
import { uploadPathEvents } from '../upload/paths';
import { addressLookupPathModel } from '../pickups/address-lookup.paths';
import { pickupFormPathModel, pickupsListPathModel } from '../pickups/paths';
import { truckFormPathModel, trucksListPathModel } from '../trucks/paths';
import { accountsListPathModel } from '../accounts/list.paths';
import { deliveriesListPathModel } from '../deliveries/list.paths';
import { deliveryMapPathModel } from '../deliveries/map.paths';
import { deliveryPagePathModel } from '../deliveries/page.paths';
import { managementPathModel } from '../management/paths';
import { offersListPathModel } from '../offers/list.paths';
import { orderDetailPathModel } from '../orders/detail.paths';
import { overviewPathModel } from '../store/overview.paths';
import { reviewsPathModel } from '../reviews/paths';
import { snackbarPathModel } from '../snackbar/paths';
import { storeProfilePathModel } from '../store/profile.paths';
import { storeSwitchPathModel } from '../store/switch.paths';
import { cityCheckPathModel, recoveryPathModel, registrationLinkPathModel, registrationPathModel } from '../registration/paths';
import { passwordResetPathModel } from '../password-reset/paths';
import { pollerPathModel } from '../shared/poller.paths';

/** One line a machine: its name on the command line → the machine and the events to explore it with. */
export const pathRegistry: Record<string, MachinePlan> = {
  session: { machine: sessionMachine, events: sessionPathEvents },
  upload: { machine: uploadMachine, events: uploadPathEvents },
  'offer-dates': [
    { label: 'a new offer whose orders open today', model: offerDatesPathModel as PathModel },
    { label: 'an offer whose orders open tomorrow', model: offerDatesTomorrowModel as PathModel },
  ],
  'offer-form': [
    { label: 'the edit page (/operations/offers/{tab}/{id})', model: offerFormPathModel as PathModel },
    { label: 'the create page, where a template can fill the form (/operations/offers/create)', model: offerFormCreatePathModel as PathModel },
  ],
  'templates-list': templatesListPathModel as PathModel,
  'template-form': templateFormPathModel as PathModel,
  summary: summaryPathModel as PathModel,
  sync: syncPathModel as PathModel,
  'orders-list': ordersListPathModel as PathModel,
  'order-page': orderPagePathModel as PathModel,
  counter: [
    { label: 'the desk and pickup flows, with the undo window closing (no timed refresh)', model: counterPathModel as PathModel },
    { label: 'the open orders refreshing on their timer during a handover (undo window held)', model: counterRefreshPathModel as PathModel },
  ],
  terms: [
    { label: 'the tab opened before the shell had the store profile (it reads the terms itself)', model: termsPathModel as PathModel },
    { label: 'the tab opened with the terms the shell already loaded', model: termsLoadedPathModel as PathModel },
  ],
  'profile-form': profileFormPathModel as PathModel,
  'language-switch': languageSwitchPathModel as PathModel,
  push: pushPathModel as PathModel,
  'notifications-refresh': notificationsRefreshPathModel as PathModel,
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
  registration: [
    { label: 'the sign-up form (/auth/register)', model: registrationPathModel as PathModel },
    { label: 'the validation e-mail\'s link (/auth/validate/{email}/{token})', model: registrationLinkPathModel as PathModel },
  ],
  'city-check': cityCheckPathModel as PathModel,
  recovery: recoveryPathModel as PathModel,
  'password-reset': passwordResetPathModel as PathModel,
  management: managementPathModel as PathModel,
  'offers-list': offersListPathModel as PathModel,
  'order-detail': orderDetailPathModel as PathModel,
  overview: overviewPathModel as PathModel,
  reviews: reviewsPathModel as PathModel,
  snackbar: snackbarPathModel as PathModel,
  'store-profile': storeProfilePathModel as PathModel,
  'store-switch': storeSwitchPathModel as PathModel,
  poller: pollerPathModel as PathModel,
};

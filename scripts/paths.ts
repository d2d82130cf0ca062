/**
 * Prints the generated paths of our state machines as a Markdown test plan for QA:
 *
 *   npm run paths              every registered machine
 *   npm run paths -- session   one machine
 *
 * The paths are the ones tests/machines/*.paths.test.ts run against real actors, so the plan and
 * the tests cannot drift apart.
 */
import { sessionMachine } from '../src/machines/session/machine';
import { uploadMachine } from '../src/machines/upload.machine';
import { counterPathModel, counterRefreshPathModel } from '../tests/support/counter-paths';
import { offerDatesPathModel, offerDatesTomorrowModel } from '../tests/support/offer-dates-paths';
import { offerFormCreatePathModel, offerFormPathModel } from '../tests/support/offer-form-paths';
import { orderPagePathModel } from '../tests/support/order-page-paths';
import { ordersListPathModel } from '../tests/support/orders-list-paths';
import { devicesPathModel } from '../tests/support/devices-paths';
import { formatPlan, type PathModel } from '../tests/support/paths';
import { profileFormPathModel } from '../tests/support/profile-form-paths';
import { routesMapPathModel } from '../tests/support/routes-map-paths';
import { pushPathModel } from '../tests/support/push-paths';
import { sessionPathEvents } from '../tests/support/session-paths';
import { settingsFormPathModel } from '../tests/support/settings-form-paths';
import { summaryPathModel } from '../tests/support/summary-paths';
import { syncPathModel } from '../tests/support/sync-paths';
import { templateFormPathModel } from '../tests/support/template-form-paths';
import { termsLoadedPathModel, termsPathModel } from '../tests/support/terms-paths';
import { templatesListPathModel } from '../tests/support/templates-list-paths';
import { uploadPathEvents } from '../tests/support/upload-paths';
import { addressLookupPathModel } from '../tests/support/address-lookup-paths';
import { pickupFormPathModel, pickupsListPathModel } from '../tests/support/pickups-paths';
import { truckFormPathModel, trucksListPathModel } from '../tests/support/trucks-paths';
import { accountsListPathModel } from '../tests/support/accounts-list-paths';
import { deliveriesListPathModel } from '../tests/support/deliveries-list-paths';
import { deliveryMapPathModel } from '../tests/support/delivery-map-paths';
import { deliveryPagePathModel } from '../tests/support/delivery-page-paths';
import { cityCheckPathModel, recoveryPathModel, registrationLinkPathModel, registrationPathModel } from '../tests/support/registration-paths';

/** One line a machine: its name on the command line → the machine and the events to explore it with. */
const registry: Record<string, PathModel> = {
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
};

function main(names: string[]): number {
  const unknown = names.filter((name) => !(name in registry));
  if (unknown.length > 0) {
    console.error(`Unknown machine: ${unknown.join(', ')}. Known: ${Object.keys(registry).join(', ')}.`);
    return 1;
  }
  const chosen = names.length > 0 ? names : Object.keys(registry);
  process.stdout.write(chosen.map((name) => formatPlan(name, registry[name])).join('\n'));
  return 0;
}

process.exitCode = main(process.argv.slice(2));

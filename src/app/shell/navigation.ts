import type { MessageKey } from '../../i18n';
import { SETTINGS_ROLES } from '../../api/permissions';

/**
 * The side navigation of spec section 2, plus Offers, Templates and Pending Orders under
 * Operations (operators reach them daily; docs/decisions/003-routes-and-roles.md).
 */
export interface NavEntry {
  label: MessageKey;
  to: string;
}
export interface NavGroup {
  label: MessageKey | null;
  entries: NavEntry[];
  /** Shown only to these roles; every role when absent. */
  roles?: readonly string[];
}

export const navigation: NavGroup[] = [
  { label: null, entries: [{ label: 'nav.home', to: '/overview' }] },
  {
    label: 'nav.operations',
    entries: [
      { label: 'page.offers', to: '/operations/offers' },
      { label: 'page.templates', to: '/operations/templates' },
      { label: 'page.orders', to: '/operations/orders/pending' },
      { label: 'nav.deliveryOrders', to: '/delivery-orders' },
      { label: 'nav.pastOrders', to: '/operations/orders/filter/sold' },
    ],
  },
  { label: 'nav.live', entries: [{ label: 'nav.deliveryMap', to: '/delivery-map' }] },
  {
    label: 'nav.dashboard',
    entries: [
      { label: 'nav.accountSummary', to: '/summary/current-transactions' },
      { label: 'nav.managementInfo', to: '/dashboards/default' },
      { label: 'nav.reviews', to: '/management/customers' },
    ],
  },
  {
    label: 'nav.settings',
    // The role table's answer for the Settings calls (src/api/permissions.ts), as the route's guard.
    roles: SETTINGS_ROLES,
    entries: [
      { label: 'nav.businessInfo', to: '/settings/general' },
      { label: 'nav.media', to: '/settings/media' },
      { label: 'nav.devices', to: '/settings/devices' },
      { label: 'nav.configuration', to: '/settings/configuration' },
      { label: 'nav.operators', to: '/settings/security' },
    ],
  },
  {
    label: null,
    entries: [
      { label: 'nav.trucks', to: '/trucks/active' },
      { label: 'nav.userDevices', to: '/accounts' },
      { label: 'nav.pickupLocations', to: '/pickups' },
      { label: 'nav.synchronization', to: '/synchronization' },
    ],
  },
];

export function navigationFor(role: string): NavGroup[] {
  return navigation.filter((group) => !group.roles || group.roles.includes(role));
}

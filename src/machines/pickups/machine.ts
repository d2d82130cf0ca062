import type { PickupLocation, PickupLocationInput } from '../../api/logistics';
import { createRecordFormMachine } from '../shared/record-form.machine';
import { createRecordListMachine } from '../shared/record-list.machine';

/**
 * The pickup locations list (/pickups) and form (/pickup/create, /pickup/edit/{id}) as typed
 * instances of the shared record machines; the form's "Find from address" is
 * address-lookup.machine.ts. Their effects are in pickups/live.ts.
 */

/** What the pickup locations list asks the server: a search ('' for none). */
export interface PickupsQuery {
  search: string;
}

export const pickupsListMachine = createRecordListMachine<PickupLocation, PickupsQuery>({ id: 'pickupsList' });

/** What the pickup location form holds; a position not set yet is NaN (react-hook-form's empty number). */
export type PickupFormValues = PickupLocationInput;

/** A new pickup location: in the store's country, its position still to set. */
export function blankPickupValues(country: string): PickupFormValues {
  return { name: '', address: '', country, lat: Number.NaN, lon: Number.NaN, opening_hours: '', contact_name: '', contact_phone: '' };
}

/** The form's values of a saved location; a position the platform did not send is left to set (NaN, as a new one's). */
export function pickupValuesOf(pickup: PickupLocation): PickupFormValues {
  const { name, address, country, lat = Number.NaN, lon = Number.NaN, opening_hours, contact_name, contact_phone } = pickup;
  return { name, address, country, lat, lon, opening_hours, contact_name, contact_phone };
}

export const pickupFormMachine = createRecordFormMachine<PickupLocation, PickupFormValues>({ id: 'pickupForm' });

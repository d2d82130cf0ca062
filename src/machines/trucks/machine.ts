import type { Truck, TruckInput, TruckStatus } from '../../api/logistics';
import { createRecordFormMachine } from '../shared/record-form.machine';
import { createRecordListMachine } from '../shared/record-list.machine';

/**
 * The trucks list (/trucks/{status}) and the truck form (/truck/create, /truck/edit/{id}) as typed
 * instances of the shared record machines. Their effects are in trucks/live.ts.
 */

/** What the trucks list asks the server: one status tab, and a search ('' for none). */
export interface TrucksQuery {
  status: TruckStatus;
  search: string;
}

export const trucksListMachine = createRecordListMachine<Truck, TrucksQuery>({ id: 'trucksList' });

/** What the truck form holds; an empty capacity is NaN (react-hook-form's empty number). */
export type TruckFormValues = TruckInput;

/** A new truck: nothing typed, in service. */
export function blankTruckValues(status: TruckStatus = 'active'): TruckFormValues {
  return { name: '', plate: '', capacity: Number.NaN, driver_name: '', driver_phone: '', status };
}

/** The form's values of a saved truck; a capacity the platform did not send is left to type (NaN, as a new one's). */
export function truckValuesOf(truck: Truck): TruckFormValues {
  const { name, plate, capacity = Number.NaN, driver_name, driver_phone, status } = truck;
  return { name, plate, capacity, driver_name, driver_phone, status };
}

/**
 * A plate is unique in the store, and so is a name (deliveries carry it): the server answers 409
 * for one already used, shown beside that field.
 */
export const truckFormMachine = createRecordFormMachine<Truck, TruckFormValues>({ id: 'truckForm', uniqueFields: ['plate', 'name'] });

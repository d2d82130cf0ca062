import { fromPromise } from 'xstate';
import { isApiError } from '../api/errors';
import { createTruck, deleteTruck, getTruck, listTrucks, updateTruck, type Truck } from '../api/logistics';
import { now } from '../lib/clock';
import type { Journal } from './journal';
import type { RecordFormInput, RecordSaveInput } from './record-form.machine';
import type { SnackbarRequest } from './snackbar.machine';
import { blankTruckValues, truckFormMachine, trucksListMachine, truckValuesOf, type TrucksQuery, type TruckFormValues } from './trucks.machine';

/**
 * The trucks list and form machines with their real effects (issue 7). They live here, not in
 * live.ts, so that the logistics API module is pulled in only by the lazily loaded trucks screens.
 */

export interface TrucksDeps {
  journal: Journal;
  notify: (message: SnackbarRequest) => void;
}

const describe = (error: unknown) => (isApiError(error) ? error.toJSON() : error);

export function liveTrucksListMachine({ journal, notify }: TrucksDeps) {
  return trucksListMachine.provide({
    actors: {
      loadList: fromPromise(({ input: { query } }: { input: { query: TrucksQuery } }) => {
        const search = query.search.trim();
        return listTrucks(query.status, search !== '' ? { search } : {});
      }),
      deleteRecord: fromPromise(({ input }: { input: { id: number } }) => deleteTruck(input.id)),
    },
    actions: {
      recordLoaded: (_, { query, list }) => journal.append({ type: 'trucks.loaded', at: now(), status: query.status, search: query.search, page: list }),
      recordDeleted: (_, { record }) => journal.append({ type: 'truck.deleted', at: now(), id: record.id }),
      // Spec section 8: "We have problems, to delete".
      notifyDeleteFailed: () => notify({ key: 'trucks.deleteFailed', severity: 'error' }),
      // Spec section 8: list loads that fail are only logged (the screen shows the message).
      logFailure: (_, { what, error }) => console.info(`Trucks ${what} failed`, describe(error)),
    },
  });
}

export interface TruckFormDeps extends TrucksDeps {
  /** After a save: the list of the saved truck's status. */
  goToList: (truck: Truck) => void;
}

export function liveTruckFormMachine({ journal, notify, goToList }: TruckFormDeps) {
  return truckFormMachine.provide({
    actors: {
      load: fromPromise(async ({ input }: { input: RecordFormInput }) => {
        if (input.recordId === null) return { record: null, values: blankTruckValues() };
        const truck = await getTruck(input.recordId);
        return { record: truck, values: truckValuesOf(truck) };
      }),
      save: fromPromise(({ input }: { input: RecordSaveInput<TruckFormValues> }) =>
        input.recordId === null ? createTruck(input.values) : updateTruck({ ...input.values, id: input.recordId }),
      ),
    },
    actions: {
      recordSaved: (_, { record }) => journal.append({ type: 'truck.saved', at: now(), truck: record }),
      notifySaved: () => notify({ key: 'common.successfullySaved', severity: 'success' }),
      goToList: (_, { record }) => goToList(record),
      logFailure: (_, { error }) => console.info('Truck form call failed', describe(error)),
    },
  });
}

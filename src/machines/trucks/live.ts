import { fromPromise } from 'xstate';
import { createTruck, deleteTruck, getTruck, listTrucks, updateTruck, type Truck } from '../../api/logistics';
import { now } from '../../lib/clock';
import type { Journal } from '../journal/journal';
import { createdRecord, createOnce, sameOrUnsaid, type CreateAttempt } from '../shared/lost-answer';
import { recordDraft, TruckDraftSchema } from '../shared/record-draft';
import type { RecordFormInput, RecordFormLoaded, RecordSaveInput } from '../shared/record-form.machine';
import type { SnackbarRequest } from '../snackbar/machine';
import { blankTruckValues, truckFormMachine, trucksListMachine, truckValuesOf, type TrucksQuery, type TruckFormValues } from './machine';
import { describeError as describe } from '../shared/describe-error';

/**
 * The trucks list and form machines with their real effects. They live here, not in
 * live.ts, so that the logistics API module is pulled in only by the lazily loaded trucks screens.
 */

export interface TrucksDeps {
  journal: Journal;
  notify: (message: SnackbarRequest) => void;
}

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

/** The trucks of that status whose name, plate or driver holds the typed name: one page (GET /stores/trucks/{status}?search). */
const trucksNamed = async (values: TruckFormValues) => (await listTrucks(values.status, { search: values.name.trim() })).data;

/** A truck as the platform keeps what was sent (name trimmed, plate upper-cased); fields the answer leaves out ('' or absent) are not compared. */
export function sameTruck(truck: Truck, values: TruckFormValues): boolean {
  return (
    sameOrUnsaid(truck.name, values.name) &&
    sameOrUnsaid(truck.plate, values.plate) &&
    (truck.capacity === undefined || truck.capacity === values.capacity) &&
    sameOrUnsaid(truck.driver_name, values.driver_name) &&
    sameOrUnsaid(truck.driver_phone, values.driver_phone)
  );
}

export interface TruckFormDeps extends TrucksDeps {
  /** After a save: the list of the saved truck's status. */
  goToList: (truck: Truck) => void;
}

export function liveTruckFormMachine({ journal, notify, goToList }: TruckFormDeps) {
  const { read: readDraft, ...draftActions } = recordDraft('truck', TruckDraftSchema);
  return truckFormMachine.provide({
    actors: {
      load: fromPromise(async ({ input }: { input: RecordFormInput }): Promise<RecordFormLoaded<Truck, TruckFormValues>> => {
        if (input.recordId === null) return { record: null, values: blankTruckValues(), draft: readDraft(input) };
        const truck = await getTruck(input.recordId);
        return { record: truck, values: truckValuesOf(truck), draft: readDraft(input) };
      }),
      save: fromPromise(({ input }: { input: RecordSaveInput<TruckFormValues> }) =>
        input.recordId === null
          ? // The answer carries no creation time: the trucks that already look like it are noted first.
            createOnce({ values: input.values, create: createTruck, knownIds: async (values) => (await trucksNamed(values)).map((t) => t.id) })
          : updateTruck({ ...input.values, id: input.recordId }),
      ),
      findCreated: fromPromise(async ({ input }: { input: CreateAttempt<TruckFormValues> }) => createdRecord(await trucksNamed(input.values), input, sameTruck)),
    },
    actions: {
      recordSaved: (_, { record }) => journal.append({ type: 'truck.saved', at: now(), truck: record }),
      notifySaved: (_, { answerLost }) => notify({ key: answerLost ? 'common.savedAfterLostAnswer' : 'common.successfullySaved', severity: 'success' }),
      goToList: (_, { record }) => goToList(record),
      logFailure: (_, { error }) => console.info('Truck form call failed', describe(error)),
      ...draftActions,
    },
  });
}

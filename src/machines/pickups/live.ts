import { fromPromise } from 'xstate';
import { fromAbortablePromise } from '../shared/abortable';
import { geocodeAddress } from '../../api/geocoding';
import {
  createPickupLocation,
  deletePickupLocation,
  getPickupLocation,
  listPickupLocations,
  updatePickupLocation,
  type PickupLocation,
} from '../../api/logistics';
import { getStoreProfile } from '../../api/stores';
import { now } from '../../lib/clock';
import { addressLookupMachine, type AddressQuery } from './address-lookup.machine';
import type { Journal } from '../journal/journal';
import { createdRecord, createOnce, sameOrUnsaid, type CreateAttempt } from '../shared/lost-answer';
import { blankPickupValues, pickupFormMachine, pickupsListMachine, pickupValuesOf, type PickupFormValues, type PickupsQuery } from './machine';
import { PickupDraftSchema, recordDraft } from '../shared/record-draft';
import type { RecordFormInput, RecordFormLoaded, RecordSaveInput } from '../shared/record-form.machine';
import type { SnackbarRequest } from '../snackbar/machine';
import { describeError as describe } from '../shared/describe-error';

/**
 * The pickup locations list and form machines, and the form's address look-up, with their real
 * effects. They live here, not in live.ts, so that the logistics and geocoding API
 * modules are pulled in only by the lazily loaded pickups screens.
 */

export interface PickupsDeps {
  journal: Journal;
  notify: (message: SnackbarRequest) => void;
}

export function livePickupsListMachine({ journal, notify }: PickupsDeps) {
  return pickupsListMachine.provide({
    actors: {
      loadList: fromPromise(({ input: { query } }: { input: { query: PickupsQuery } }) => {
        const search = query.search.trim();
        return listPickupLocations(search !== '' ? { search } : {});
      }),
      deleteRecord: fromPromise(({ input }: { input: { id: number } }) => deletePickupLocation(input.id)),
    },
    actions: {
      recordLoaded: (_, { query, list }) => journal.append({ type: 'pickups.loaded', at: now(), search: query.search, page: list }),
      recordDeleted: (_, { record }) => journal.append({ type: 'pickup.deleted', at: now(), id: record.id }),
      // Spec section 8: "We have problems, to delete".
      notifyDeleteFailed: () => notify({ key: 'pickups.deleteFailed', severity: 'error' }),
      // Spec section 8: list loads that fail are only logged (the screen shows the message).
      logFailure: (_, { what, error }) => console.info(`Pickup locations ${what} failed`, describe(error)),
    },
  });
}

/**
 * A new pickup location starts in the store's country: the shell has usually loaded the store's
 * profile into the journal; when it has not (yet), it is asked for. If that fails too the country
 * is left to choose (the form says it is required) rather than failing the whole form.
 */
async function storeCountry(journal: Journal, storeId: number): Promise<string> {
  const known = journal.state().store.profile;
  if (known && known.id === storeId) return known.address.country;
  try {
    return (await getStoreProfile(storeId)).address.country;
  } catch (error) {
    console.info('Store profile did not load; the pickup location’s country is left to choose', describe(error));
    return '';
  }
}

/** The pickup locations whose name, address or contact holds the typed name: one page (GET /stores/pickuplocation?search). */
const pickupsNamed = async (values: PickupFormValues) => (await listPickupLocations({ search: values.name.trim() })).data;

/** The same coordinate, or one the answer leaves out. */
const near = (a: number | undefined, b: number) => a === undefined || Math.abs(a - b) < 1e-6;

/** A pickup location as the platform keeps what was sent; fields the answer leaves out ('' or absent, the position too) are not compared. */
export function samePickup(pickup: PickupLocation, values: PickupFormValues): boolean {
  return (
    sameOrUnsaid(pickup.name, values.name) &&
    sameOrUnsaid(pickup.address, values.address) &&
    sameOrUnsaid(pickup.country, values.country) &&
    near(pickup.lat, values.lat) &&
    near(pickup.lon, values.lon) &&
    sameOrUnsaid(pickup.opening_hours, values.opening_hours) &&
    sameOrUnsaid(pickup.contact_name, values.contact_name) &&
    sameOrUnsaid(pickup.contact_phone, values.contact_phone)
  );
}

export interface PickupFormDeps extends PickupsDeps {
  goToList: () => void;
}

export function livePickupFormMachine({ journal, notify, goToList }: PickupFormDeps) {
  const { read: readDraft, ...draftActions } = recordDraft('pickup', PickupDraftSchema);
  return pickupFormMachine.provide({
    actors: {
      load: fromPromise(async ({ input }: { input: RecordFormInput }): Promise<RecordFormLoaded<PickupLocation, PickupFormValues>> => {
        if (input.recordId === null) return { record: null, values: blankPickupValues(await storeCountry(journal, input.storeId)), draft: readDraft(input) };
        const pickup = await getPickupLocation(input.recordId);
        return { record: pickup, values: pickupValuesOf(pickup), draft: readDraft(input) };
      }),
      save: fromPromise(({ input }: { input: RecordSaveInput<PickupFormValues> }) =>
        input.recordId === null
          ? // The answer carries no creation time: the locations that already look like it are noted first.
            createOnce({ values: input.values, create: createPickupLocation, knownIds: async (values) => (await pickupsNamed(values)).map((p) => p.id) })
          : updatePickupLocation({ ...input.values, id: input.recordId }),
      ),
      findCreated: fromPromise(async ({ input }: { input: CreateAttempt<PickupFormValues> }) => createdRecord(await pickupsNamed(input.values), input, samePickup)),
    },
    actions: {
      recordSaved: (_, { record }) => journal.append({ type: 'pickup.saved', at: now(), pickup: record }),
      notifySaved: (_, { answerLost }) => notify({ key: answerLost ? 'common.savedAfterLostAnswer' : 'common.successfullySaved', severity: 'success' }),
      goToList: () => goToList(),
      logFailure: (_, { error }) => console.info('Pickup location form call failed', describe(error)),
      ...draftActions,
    },
  });
}

export function liveAddressLookupMachine() {
  return addressLookupMachine.provide({
    actors: {
      // A newer look-up (or a dismissal) stops the older request.
      // Abortable: a StrictMode restart's aborted lookup must not read as a failure (abortable.ts).
      geocode: fromAbortablePromise(({ input, signal }: { input: AddressQuery; signal: AbortSignal }) =>
        geocodeAddress(input.address, input.country, { ...(input.near ? { near: input.near } : {}), signal }),
      ),
    },
    actions: {
      logFailure: (_, { error }) => console.info('Address look-up failed', describe(error)),
    },
  });
}

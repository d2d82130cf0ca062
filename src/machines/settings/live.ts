import { fromPromise } from 'xstate';
import { recordSavedOperator } from '../session/stored-user';
import { listAccounts, type Account } from '../../api/accounts';
import { isApiError, isCallMissing } from '../../api/errors';
import type { Operator } from '../../api/session';
import {
  getBilling,
  saveBilling,
  saveOperatorProfile,
  saveStoreBasic,
  type Billing,
  type OperatorProfileInput,
  type StoreBasicInput,
} from '../../api/settings';
import { getStoreProfile, withoutApiKey, type StoreProfile } from '../../api/stores';
import type { MessageKey } from '../../i18n';
import { now } from '../../lib/clock';
import type { Journal } from '../journal/journal';
import { loadFailureOf, type LoadFailure } from '../shared/load-failure';
import { operatorProfileFailure } from '../profile/form.machine';
import { createSettingsFormMachine, type SettingsFormInput, type SettingsSaveInput } from './form.machine';
import { BillingDraftSchema, BusinessInfoDraftSchema, OperatorProfileDraftSchema, settingsDraft } from './draft';
import type { SnackbarRequest } from '../snackbar/machine';
import { describeError as describe } from '../shared/describe-error';

/**
 * The settings tabs' form machines and their real effects. They live here, not in
 * live.ts, so that the settings API module is pulled in only by the lazily loaded settings tabs.
 */

export interface SettingsDeps {
  journal: Journal;
  notify: (message: SnackbarRequest) => void;
}

/**
 * The feedback every settings form gives: "Successfully saved", the failure's catalogue message
 * (both through the snackbar) and a log line with the failure's details (status, operation).
 * `what` names the form in the log.
 */
export function settingsFeedback({ notify }: Pick<SettingsDeps, 'notify'>, what: string) {
  return {
    notifySaved: () => notify({ key: 'common.successfullySaved', severity: 'success' }),
    notifyFailed: (_: unknown, { key }: { key: MessageKey }) => notify({ key, severity: 'error' }),
    logFailure: (_: unknown, { error }: { error: unknown }) => console.info(`${what} call failed`, describe(error)),
  };
}

// ---- Business info (Settings → Business Info) ------------------------------------------------

/** What the Business Info form edits. The position is not sent: the server keeps its own. */
export type BusinessInfoValues = Pick<StoreBasicInput, 'id' | 'name' | 'description' | 'email' | 'phone' | 'address'>;

export function businessInfoValuesOf(profile: StoreProfile): BusinessInfoValues {
  const { id, name, description, email, phone, address } = profile;
  return { id, name, description, email, phone, address: { ...address } };
}

export const businessInfoFormMachine = createSettingsFormMachine<StoreProfile, BusinessInfoValues>({
  id: 'businessInfoForm',
  valuesOf: businessInfoValuesOf,
  failureOf: () => 'settings.general.saveFailed',
});

export function liveBusinessInfoFormMachine(deps: SettingsDeps) {
  const { readDraft, ...draftActions } = settingsDraft<StoreProfile, BusinessInfoValues>('business-info', BusinessInfoDraftSchema);
  return businessInfoFormMachine.provide({
    actors: {
      readDraft,
      load: fromPromise(({ input }: { input: SettingsFormInput }) => getStoreProfile(input.storeId)),
      save: fromPromise(({ input }: { input: SettingsSaveInput<StoreProfile, BusinessInfoValues> }) =>
        saveStoreBasic({ ...input.values, id: input.data.id }),
      ),
    },
    actions: {
      // The side navigation's store name follows at once (the session projection applies it).
      recordSaved: (_, { data }) => deps.journal.append({ type: 'store.profileSaved', at: now(), profile: withoutApiKey(data) }),
      ...settingsFeedback(deps, 'Business info'),
      ...draftActions,
    },
  });
}

// ---- Operators (Settings → Operators: the signed-in operator's admin profile) ---------------

/** The operator as the session holds it, and the store's operator accounts (null: they did not load). */
export interface OperatorProfileData {
  operator: Operator;
  accounts: Account[] | null;
  /** Why the accounts did not load (an unreadable answer has its own message); absent when they did. */
  accountsFailure?: LoadFailure;
}

export function operatorProfileValuesOf({ operator }: OperatorProfileData): OperatorProfileInput {
  return { name_op: operator.name_op, phone: operator.phone, preferences: { language: operator.preferences.language } };
}

/**
 * Spec section 8 has two messages for the admin profile; which one a failed save shows:
 * - the server answered and refused the profile (HTTP 4xx: a value it does not accept, a profile
 *   it will not change) → "Error to post admin info": what was posted must change;
 * - anything else (HTTP 5xx, a timeout, no connection, an answer the console cannot read) →
 *   "Error in update Admin store": the update did not happen; the same values can be sent again.
 */

export const operatorProfileFormMachine = createSettingsFormMachine<OperatorProfileData, OperatorProfileInput>({
  id: 'operatorProfileForm',
  valuesOf: operatorProfileValuesOf,
  failureOf: operatorProfileFailure,
});

/** The store's operator accounts the tab lists (read-only). */
const ACCOUNTS_SHOWN = 100;

export function liveOperatorProfileFormMachine(deps: SettingsDeps) {
  // Per operator: the profile is the operator's own, whichever store the tab opened in.
  const { readDraft, ...draftActions } = settingsDraft<OperatorProfileData, OperatorProfileInput>(
    'operator-profile',
    OperatorProfileDraftSchema,
    ({ data }) => data.operator.id ?? data.operator.email,
  );
  return operatorProfileFormMachine.provide({
    actors: {
      readDraft,
      load: fromPromise(async () => {
        // There is no GET for the operator's profile: the session carries it (and follows each save).
        const operator = deps.journal.state().session.user?.operator;
        if (!operator) throw new Error('No operator is signed in');
        // The accounts list is secondary: when it fails the profile still opens; the tab says the
        // list is unavailable and the log keeps why (spec section 8: list loads are only logged).
        return listAccounts({ scope: 'store', kind: 'operator', limit: ACCOUNTS_SHOWN, offset: 0 }).then(
          (page): OperatorProfileData => ({ operator, accounts: page.data }),
          (error: unknown): OperatorProfileData => {
            console.info('Store accounts did not load', describe(error));
            return { operator, accounts: null, accountsFailure: loadFailureOf(error) };
          },
        );
      }),
      save: fromPromise(async ({ input }: { input: SettingsSaveInput<OperatorProfileData, OperatorProfileInput> }): Promise<OperatorProfileData> => ({
        // The accounts (or why they did not load) stay as the tab opened with them.
        ...input.data,
        operator: await saveOperatorProfile(input.values),
      })),
    },
    actions: {
      recordSaved: (_, { data }) => recordSavedOperator(deps.journal, data.operator),
      ...settingsFeedback(deps, 'Operator profile'),
      ...draftActions,
    },
  });
}

// ---- Billing (Settings → Billing) --------------------------------------------------------------

/** The store's billing details; null until the store saves some (GET answers 404 until then). */
export interface BillingData {
  billing: Billing | null;
  storeId: number;
}

/** What a store without billing details starts from: nothing filled in, invoices monthly. */
export function blankBilling(storeId: number): Billing {
  return {
    store_id: storeId,
    legal_name: '',
    tax_id: '',
    billing_email: '',
    address_print: '',
    city: '',
    postal_code: '',
    country: '',
    iban: '',
    invoice_frequency: 'monthly',
  };
}

export const billingValuesOf = ({ billing, storeId }: BillingData): Billing => ({ ...(billing ?? blankBilling(storeId)) });

/**
 * Spec section 7 names no call that saves billing (only GET /stores/profile/billing/{id}): a
 * platform without POST /stores/profile/billing/{id} answers 404 or 405, and the form says that
 * saving billing is not supported here (decision 031), every value kept. Any other failure is the
 * catalogue's "Error to post billing".
 */
export const billingSaveFailure = (error: unknown): MessageKey =>
  isCallMissing(error) ? 'settings.billing.saveUnsupported' : 'settings.billing.saveFailed';

export const billingFormMachine = createSettingsFormMachine<BillingData, Billing>({
  id: 'billingForm',
  valuesOf: billingValuesOf,
  failureOf: billingSaveFailure,
});

const isNotFound = (error: unknown) => isApiError(error) && error.kind === 'http' && error.status === 404;

export function liveBillingFormMachine(deps: SettingsDeps) {
  const { readDraft, ...draftActions } = settingsDraft<BillingData, Billing>('billing', BillingDraftSchema);
  return billingFormMachine.provide({
    actors: {
      readDraft,
      load: fromPromise(async ({ input }: { input: SettingsFormInput }): Promise<BillingData> => ({
        // A 404 is the platform's "no billing details yet", not a failure: the form starts blank.
        billing: await getBilling(input.storeId).catch((error: unknown) => {
          if (isNotFound(error)) return null;
          throw error;
        }),
        storeId: input.storeId,
      })),
      save: fromPromise(async ({ input }: { input: SettingsSaveInput<BillingData, Billing> }): Promise<BillingData> => ({
        billing: await saveBilling({ ...input.values, store_id: input.data.storeId }),
        storeId: input.data.storeId,
      })),
    },
    actions: {
      // No projection shows billing; the event keeps the journal a full account of what changed.
      recordSaved: (_, { data }) => {
        if (data.billing) deps.journal.append({ type: 'store.billingSaved', at: now(), billing: data.billing });
      },
      ...settingsFeedback(deps, 'Billing'),
      ...draftActions,
    },
  });
}

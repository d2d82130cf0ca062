import { fromPromise } from 'xstate';
import { listAccounts, switchAccount } from '../../api/accounts';
import { getHome, getStoreProfile, withoutApiKey } from '../../api/stores';
import { now } from '../../lib/clock';
import { readJson, storageKeys, writeJson } from '../../lib/storage';
import type { LiveDeps } from '../shared/live-deps';
import { operatorOf, readMarks, withReadMarks } from '../notifications/read-marks';
import { overviewMachine } from './overview.machine';
import { storeProfileMachine } from './profile.machine';
import { storeSwitchMachine } from './switch.machine';
import { describeError as describe } from '../shared/describe-error';

/**
 * The shell's machines (store profile, store switch) and the overview's, with their real effects:
 * the console's first page (decision 020) loads these and not the other screens' (live.ts).
 */

export function liveStoreProfileMachine({ journal }: Pick<LiveDeps, 'journal'>) {
  return storeProfileMachine.provide({
    actors: {
      loadProfile: fromPromise(({ input }: { input: { storeId: number } }) => getStoreProfile(input.storeId)),
    },
    actions: {
      // The operator's read marks of this browser win over the server's flags (decision 031).
      recordProfileLoaded: ({ context }, { profile }) => {
        const notifications = withReadMarks(profile.notifications, readMarks(operatorOf(journal), context.storeId));
        journal.append({ type: 'store.profileLoaded', at: now(), profile: withoutApiKey({ ...profile, notifications }) });
      },
      // Spec section 8: list loads that fail are only logged.
      logLoadFailure: (_, { error }) => console.info('Store profile did not load', describe(error)),
    },
  });
}

export function liveStoreSwitchMachine({ journal, notify, reloadPage }: LiveDeps) {
  return storeSwitchMachine.provide({
    actors: {
      loadAccounts: fromPromise(async () => (await listAccounts({ scope: 'operator', limit: 100, offset: 0 })).data),
      switchStore: fromPromise(({ input }: { input: { currentAccount: number; newAccount: number } }) => switchAccount(input)),
    },
    actions: {
      recordAccountsLoaded: (_, { accounts }) => journal.append({ type: 'accounts.loaded', at: now(), accounts }),
      logAccountsFailure: (_, { error }) => console.info('Accounts did not load', describe(error)),
      recordSwitched: (_, { fromStoreId, user }) => {
        // The stored user must name the new store before the reload restores the session.
        if (readJson('local', storageKeys.user) !== undefined) writeJson('local', storageKeys.user, user);
        journal.append({ type: 'store.switched', at: now(), fromStoreId, toStoreId: user.store.id });
      },
      notifySwitchFailed: () => notify({ key: 'shell.switchStoreFailed', severity: 'error' }),
      reloadPage: () => reloadPage(),
    },
  });
}

export function liveOverviewMachine({ journal }: Pick<LiveDeps, 'journal'>) {
  return overviewMachine.provide({
    actors: { loadHome: fromPromise(() => getHome()) },
    actions: {
      recordHomeLoaded: (_, { home }) => journal.append({ type: 'store.homeLoaded', at: now(), home }),
      logLoadFailure: (_, { error }) => console.info('Overview did not load', describe(error)),
    },
  });
}

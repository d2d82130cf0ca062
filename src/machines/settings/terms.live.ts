import { fromPromise } from 'xstate';
import { acceptTerms } from '../../api/settings';
import { getStoreProfile } from '../../api/stores';
import { now } from '../../lib/clock';
import type { Journal } from '../journal/journal';
import { termsMachine, type StoreTerms } from './terms.machine';
import { describeError as describe } from '../shared/describe-error';

/**
 * The terms machine with its real calls. It lives beside the machine, not in live.ts, so that it
 * is pulled in only by the lazily loaded Terms tab.
 */
export function liveTermsMachine({ journal }: { journal: Journal }) {
  return termsMachine.provide({
    actors: {
      loadTerms: fromPromise(async ({ input }: { input: { storeId: number } }): Promise<StoreTerms> => {
        const { special_terms } = await getStoreProfile(input.storeId);
        return { text: special_terms.text, acceptDate: special_terms.accept_date };
      }),
      acceptTerms: fromPromise(({ input }: { input: { storeId: number } }) => acceptTerms(input.storeId)),
    },
    actions: {
      recordAccepted: (_, { storeId, acceptDate }) => journal.append({ type: 'store.termsAccepted', at: now(), storeId, acceptDate }),
      logFailure: (_, { error }) => console.info('Terms call failed', describe(error)),
    },
  });
}

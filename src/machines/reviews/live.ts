import { fromPromise } from 'xstate';
import { listRatings } from '../../api/ratings';
import { describeError as describe } from '../shared/describe-error';
import { reviewsMachine } from './machine';

/** The reviews list with its real call. */
export function liveReviewsMachine() {
  return reviewsMachine.provide({
    actors: { loadPage: fromPromise(({ input }: { input: { limit: number; offset: number } }) => listRatings(input)) },
    actions: { logLoadFailure: (_, { error }) => console.info('Ratings did not load', describe(error)) },
  });
}

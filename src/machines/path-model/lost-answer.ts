import { ApiError } from '../../api/errors';
import { AnswerLostError } from '../shared/lost-answer';
import { PATH_CLOCK_START } from './model';

/** What a create's `save` actor throws when its answer is lost (issue 23): the attempt, the network error as its cause. */
export function answerLost<TValues>(values: TValues, operation: string, knownIds: readonly number[] = []): AnswerLostError<TValues> {
  return new AnswerLostError({ values, startedAt: PATH_CLOCK_START, knownIds }, { cause: new ApiError({ kind: 'network', message: 'offline', operation }) });
}

import { isApiError } from '../../api/errors';
import { now } from '../../lib/clock';

/**
 * A create whose answer was lost. A timeout or a dropped connection says nothing about
 * the server: the record may have been stored and only the answer lost on the way. Sending the
 * create again could make a second record for one intent, so the form machines (offer, template,
 * truck, pickup location) never do that blindly:
 *
 *   saving ─(answer lost: AnswerLostError)→ checking ─found→ saved ("It was saved; the answer had been lost")
 *                                              │ └─not found→ editing.failed (every field kept, Retry creates)
 *                                              └─the check failed→ editing.uncertain (Retry checks again first)
 *
 * The live `save` actors create through `createOnce`, which notes what identifies the attempt
 * before sending it; the `findCreated` actors look the record up with calls the spec names (no
 * field of our own on the wire: the spec is the contract) and match what was sent.
 */

/** No answer at all (timeout, or the connection failed): the request may have done its work. */
export function isAnswerLost(error: unknown): boolean {
  return isApiError(error) && (error.kind === 'timeout' || error.kind === 'network');
}

/** One create as sent: enough to recognise its record afterwards. */
export interface CreateAttempt<TValues> {
  /** What the form sent. */
  values: TValues;
  /** The client's clock when it was sent (ms): records created well before are not this one. */
  startedAt: number;
  /** Records that already looked like it before it was sent (by id): not this one either. */
  knownIds: readonly number[];
}

/** The create's answer was lost: the machine checks whether `attempt` was saved before anything else. */
export class AnswerLostError<TValues = unknown> extends Error {
  readonly attempt: CreateAttempt<TValues>;

  constructor(attempt: CreateAttempt<TValues>, options: { cause: unknown }) {
    super('The create may have been saved: its answer was lost on the way', options);
    this.name = 'AnswerLostError';
    this.attempt = attempt;
  }
}

export function isAnswerLostError(error: unknown): error is AnswerLostError {
  return error instanceof AnswerLostError;
}

export interface CreateOnceOptions<TValues, TRecord> {
  values: TValues;
  create: (values: TValues) => Promise<TRecord>;
  /**
   * For records whose answer carries no creation time (trucks, pickup locations): the ids of the
   * records that already match before the create is sent. Its failure fails the save (nothing
   * was sent).
   */
  knownIds?: (values: TValues) => Promise<readonly number[]>;
}

/** Sends a create; a lost answer becomes an AnswerLostError carrying what identifies the attempt. */
export async function createOnce<TValues, TRecord>({ values, create, knownIds }: CreateOnceOptions<TValues, TRecord>): Promise<TRecord> {
  const attempt: CreateAttempt<TValues> = { values, startedAt: now(), knownIds: knownIds ? await knownIds(values) : [] };
  try {
    return await create(values);
  } catch (error) {
    if (isAnswerLost(error)) throw new AnswerLostError(attempt, { cause: error });
    throw error;
  }
}

/**
 * How far before the attempt a record's creation time may read and still be the attempt's: the
 * platform stamps whole seconds with its own clock, which may be a little behind the browser's.
 */
export const CREATION_TIME_TOLERANCE_MS = 2 * 60 * 1000;

/**
 * The record the attempt created, among `records`: not one known before it, created (when the
 * answer says when) no earlier than the attempt allows, and matching what was sent. The newest
 * (highest id) when several do; null when none does.
 */
export function createdRecord<TRecord extends { id: number }, TValues>(
  records: readonly TRecord[],
  attempt: CreateAttempt<TValues>,
  sameAsSent: (record: TRecord, values: TValues) => boolean,
  createdAt?: (record: TRecord) => number,
): TRecord | null {
  const candidates = records.filter(
    (record) =>
      !attempt.knownIds.includes(record.id) &&
      (createdAt === undefined || createdAt(record) >= attempt.startedAt - CREATION_TIME_TOLERANCE_MS) &&
      sameAsSent(record, attempt.values),
  );
  return candidates.reduce<TRecord | null>((newest, record) => (newest === null || record.id > newest.id ? record : newest), null);
}

/** Two texts as the platform keeps them (trimmed, any case). */
export const sameText = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * A text of the answer against what was sent, where the answer may leave the field out (it reads
 * ''): the spec shows no field of a truck or a pickup location, so a platform answering only their
 * ids says nothing against the record being this one. The look-up itself asked for the typed name,
 * and the record was not there before the attempt.
 */
export const sameOrUnsaid = (answered: string, sent: string) => answered.trim() === '' || sameText(answered, sent);

/** Two instants the wire carries in whole seconds. */
export const sameSecond = (a: number, b: number) => Math.abs(a - b) < 1000;

/** Two lists of ids, in any order. */
export const sameIds = (a: readonly number[], b: readonly number[]) => a.length === b.length && [...a].sort().join() === [...b].sort().join();

/** How many of the newest records a lost create is looked for among. */
export const LOST_CREATE_LOOKUP = 50;

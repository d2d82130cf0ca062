/**
 * The lists' polling back-off: after each failed poll the wait doubles, up to four times the
 * usual interval (offers 20 s → 80 s, past orders 10 s → 40 s), and a success resets it.
 */
const MAX_FACTOR = 4;

/** How many failures in a row still lengthen the wait; counting stops there (and machine graphs stay finite). */
export const MAX_BACKOFF_STEPS = Math.log2(MAX_FACTOR);

/** Failed polls in a row after one more failure: counting stops where the wait is longest. */
export const oneMoreFailure = (failures: number) => Math.min(failures + 1, MAX_BACKOFF_STEPS);

/** The longest wait between polls for a poll interval. */
export const maxPollDelayMs = (intervalMs: number) => intervalMs * MAX_FACTOR;

/** The wait before the next poll after `failures` failures in a row. */
export function pollDelayAfter(intervalMs: number, failures: number): number {
  return Math.min(intervalMs * 2 ** failures, maxPollDelayMs(intervalMs));
}

import type { Db } from '../mocks/db';
import type { FaultProfile } from '../mocks/faults';
import type { OperatorSeed } from './builders';

/**
 * A named dataset for the mock backend: who can sign in, what the stores hold (dated relative to
 * `now`, so a demo always looks alive) and, optionally, the faults and session length it runs with.
 */
export interface Scenario {
  name: string;
  /** One line for the Demo menu. */
  description: string;
  /** The accounts that can sign in (e-mail and password are shown as demo hints). */
  operators: readonly OperatorSeed[];
  /** Replaces the db's content. Deterministic: the same `now` gives the same records. */
  seed(db: Db, now: number): Promise<void>;
  faults?: FaultProfile;
  /** Platform session lifetime; default 60 minutes. */
  tokenTtlMs?: number;
  /**
   * How the browser keeps the data between reloads (mocks/persistence.ts): 'snapshot' (default)
   * writes every record; 'changes' writes the seed moment and the records changed since, for
   * datasets too big for localStorage (a reload reseeds, which `seed` being deterministic allows).
   */
  storage?: 'snapshot' | 'changes';
  /**
   * In the browser, push a new-order notification to the signed-in store this often while the
   * page runs (mocks/pushes.ts scheduleNewOrderPushes; never in Node tests unless one starts it).
   */
  newOrderPushEveryMs?: number;
}

export const DEFAULT_TOKEN_TTL_MS = 60 * 60 * 1000;

/**
 * The one source of "now" for the app. Tests and path generation replace it so time-based rules
 * (session staleness, pickup status, "today") are deterministic.
 */
export interface Clock {
  now(): number;
}

const systemClock: Clock = { now: () => Date.now() };

let current: Clock = systemClock;

export function now(): number {
  return current.now();
}

/** Replace the clock (tests only). Returns a function that restores the previous one. */
export function setClock(clock: Clock): () => void {
  const previous = current;
  current = clock;
  return () => {
    current = previous;
  };
}

/** A clock tests can move by hand. */
export function manualClock(start: number): Clock & { advance(ms: number): void; set(ms: number): void } {
  let time = start;
  return {
    now: () => time,
    advance(ms) {
      time += ms;
    },
    set(ms) {
      time = ms;
    },
  };
}

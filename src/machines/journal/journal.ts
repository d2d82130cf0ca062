import { JOURNAL_MAX_EVENTS } from '../../lib/constants';
import type { DomainEvent } from './events';
import { applyEvent, createProjectionStore, type ProjectionStore } from './projection';
import { projectionDefinitions, type ProjectionName, type ProjectionState } from './projections';

/**
 * The append-only event journal. Appending an event is the only way shared client state changes:
 * the journal applies it to every projection store. The journal is bounded: events beyond the
 * limit are folded into a checkpoint (the projections' state before the oldest kept event), so an
 * export still replays to exactly the live state.
 */
export interface JournalExport {
  version: 1;
  checkpoint: ProjectionState;
  events: DomainEvent[];
}

export type ProjectionStores = { [K in ProjectionName]: ProjectionStore<ProjectionState[K]> };

const names = Object.keys(projectionDefinitions) as ProjectionName[];

export function initialProjectionState(): ProjectionState {
  return Object.fromEntries(names.map((name) => [name, projectionDefinitions[name].initial])) as ProjectionState;
}

/** Pure: the projections' state after `events`, starting from `from` (default: initial). */
export function reduceEvents(events: readonly DomainEvent[], from: ProjectionState = initialProjectionState()): ProjectionState {
  const state = { ...from } as Record<ProjectionName, unknown>;
  for (const event of events) {
    for (const name of names) {
      state[name] = applyEvent(projectionDefinitions[name] as Parameters<typeof applyEvent>[0], state[name], event);
    }
  }
  return state as ProjectionState;
}

/** Rebuilds every projection from an exported journal (or a bare event list). */
export function replay(journal: JournalExport | readonly DomainEvent[]): ProjectionState {
  return Array.isArray(journal)
    ? reduceEvents(journal)
    : reduceEvents((journal as JournalExport).events, (journal as JournalExport).checkpoint);
}

function createStores(from: ProjectionState): ProjectionStores {
  return Object.fromEntries(
    names.map((name) => [name, createProjectionStore(projectionDefinitions[name] as never, from[name] as never)]),
  ) as unknown as ProjectionStores;
}

export interface Journal {
  readonly stores: ProjectionStores;
  append(event: DomainEvent): void;
  events(): readonly DomainEvent[];
  /** The live state of every projection, read from the stores. */
  state(): ProjectionState;
  export(): JournalExport;
  /**
   * Replaces the whole journal with an exported one (an imported session): its checkpoint and
   * events become the journal's, and every projection is set to their replay. Listeners are not
   * called (nothing was appended).
   */
  load(exported: JournalExport): void;
  subscribe(listener: (event: DomainEvent) => void): () => void;
}

export function createJournal(options: { maxEvents?: number } = {}): Journal {
  const maxEvents = options.maxEvents ?? JOURNAL_MAX_EVENTS;
  const stores = createStores(initialProjectionState());
  let checkpoint = initialProjectionState();
  let events: DomainEvent[] = [];
  const listeners = new Set<(event: DomainEvent) => void>();

  return {
    stores,
    append(event) {
      // A deep copy: the journal must not share objects a caller may still mutate.
      const entry = structuredClone(event);
      events.push(entry);
      if (events.length > maxEvents) {
        const overflow = events.length - maxEvents;
        checkpoint = reduceEvents(events.slice(0, overflow), checkpoint);
        events = events.slice(overflow);
      }
      for (const name of names) stores[name].send({ type: 'journal.applied', event: entry });
      for (const listener of listeners) listener(entry);
    },
    events: () => events,
    state: () => Object.fromEntries(names.map((name) => [name, stores[name].getSnapshot().context])) as ProjectionState,
    export: () => structuredClone({ version: 1 as const, checkpoint, events }),
    load(exported) {
      const copy = structuredClone(exported);
      const overflow = Math.max(0, copy.events.length - maxEvents);
      checkpoint = reduceEvents(copy.events.slice(0, overflow), copy.checkpoint);
      events = copy.events.slice(overflow);
      const state = reduceEvents(events, checkpoint);
      for (const name of names) stores[name].send({ type: 'journal.loaded', state: state[name] } as never);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The app's journal. Tests create their own with createJournal(). */
export const journal = createJournal();

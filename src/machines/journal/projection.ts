import { createStore } from '@xstate/store';
import type { DomainEvent, DomainEventType, EventOf } from './events';

/**
 * A projection is a pure fold over journal events. Its definition doubles as the config of an
 * @xstate/store store (the live projection) and as the reducer replay and the journal checkpoint
 * use, so live and replayed state cannot drift apart.
 */
export type ProjectionHandlers<C> = { [K in DomainEventType]?: (context: C, event: EventOf<K>) => C };

export interface ProjectionDefinition<C> {
  name: string;
  initial: C;
  on: ProjectionHandlers<C>;
}

export function defineProjection<C>(definition: ProjectionDefinition<C>): ProjectionDefinition<C> {
  return definition;
}

/**
 * Signing out resets every projection to its initial state. It is applied here, for all of them,
 * so a new projection cannot forget it.
 */
export const RESET_EVENT = 'session.signedOut' satisfies DomainEventType;

export function applyEvent<C>(definition: ProjectionDefinition<C>, context: C, event: DomainEvent): C {
  if (event.type === RESET_EVENT) return definition.initial;
  const handler = definition.on[event.type] as ((context: C, event: DomainEvent) => C) | undefined;
  return handler ? handler(context, event) : context;
}

/**
 * A live store: "apply a journal event", and "take a replayed state wholesale" (Journal.load, an
 * imported journal), which keeps the store objects the selectors already hold.
 */
export function createProjectionStore<C extends object>(definition: ProjectionDefinition<C>, context: C = definition.initial) {
  return createStore({
    context,
    on: {
      'journal.applied': (current: C, { event }: { event: DomainEvent }) => applyEvent(definition, current, event),
      'journal.loaded': (_: C, { state }: { state: C }) => state,
    },
  });
}
export type ProjectionStore<C extends object> = ReturnType<typeof createProjectionStore<C>>;

import {
  __unsafe_getAllOwnEventDescriptors,
  createEmptyActor,
  type AnyActorScope,
  type AnyMachineSnapshot,
  type AnyTransitionDefinition,
  type InspectionEvent,
} from 'xstate';

/**
 * The three things the path harness needs that neither @xstate/graph nor xstate's public API
 * offers, in one place so that an xstate upgrade has one file to check:
 *
 * - which events a snapshot's active states handle (xstate's `__unsafe_getAllOwnEventDescriptors`,
 *   what @xstate/graph itself uses to find a state's events);
 * - which transitions a microstep took (the `_transitions` of the `@xstate.microstep` inspection
 *   event), which is how coverage is measured by transition rather than by state;
 * - an actor scope that runs no actions and starts no actors, like @xstate/graph's own, but whose
 *   system reports microsteps.
 */
export function eventTypesHandledIn(snapshot: AnyMachineSnapshot): string[] {
  return __unsafe_getAllOwnEventDescriptors(snapshot);
}

/** The transitions an inspection event says a microstep took; none for any other event. */
export function transitionsTaken(event: InspectionEvent): readonly AnyTransitionDefinition[] {
  // oxlint-disable-next-line no-underscore-dangle -- the name xstate's inspection API gives it
  return event.type === '@xstate.microstep' ? event._transitions : [];
}

/** A scope whose system reports each microstep's transitions to `onMicrostep`. */
export function recordingScope(onMicrostep: (transitions: readonly AnyTransitionDefinition[]) => void): AnyActorScope {
  const empty = createEmptyActor();
  empty.system.inspect((event) => {
    const transitions = transitionsTaken(event);
    if (transitions.length > 0) onMicrostep(transitions);
  });
  return {
    self: empty,
    id: '',
    sessionId: 'path-model',
    logger: () => {},
    defer: () => {},
    emit: () => {},
    system: empty.system,
    stopChild: () => {},
    actionExecutor: () => {},
  };
}

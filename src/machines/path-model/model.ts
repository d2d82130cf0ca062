import { getAdjacencyMap, getShortestPaths, getStateNodes, type StatePath, type TraversalOptions } from '@xstate/graph';
import {
  type ActorLogic,
  type AnyActorScope,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  type EventFromLogic,
  type StateValue,
} from 'xstate';
// Aliased: the name `setClock` trips the React hooks lint rule, and this is no hook.
import { manualClock, setClock } from '../../lib/clock';
import { MONDAY_9AM } from './fixtures';
import { eventTypesHandledIn, recordingScope as microstepScope } from './xstate-internals';

/**
 * Path generation for our machines with the @xstate/graph utilities. Framework-free: the path
 * tests execute these paths against real actors, and scripts/paths.ts prints them as a QA test
 * plan.
 *
 * A machine is wrapped in a small "model" logic so that the graph can also explore what the
 * machine alone cannot show it:
 * - invoked actors finish through the events `xstate.done.actor.<id>` / `xstate.error.actor.<id>`
 *   and delays fire as `xstate.after.<delay>.<state id>`; the event list supplies them with
 *   representative payloads;
 * - time is a fixed clock (src/lib/clock) so context is deterministic, plus one optional
 *   pseudo-event `clock.jumped`: wall-clock time moves on while no timer fires, as in a suspended
 *   tab. Rules that compare `now()` against a start time need it to be reachable at all.
 */

/** Pseudo-event of the model: not sent to the machine; the clock moves by `ms`, timers do not fire. */
export type ClockJumpedEvent = { type: 'clock.jumped'; ms: number };
export type ActorDoneEvent = { type: `xstate.done.actor.${string}`; output?: unknown };
export type ActorErrorEvent = { type: `xstate.error.actor.${string}`; error: unknown };
export type DelayEvent = { type: `xstate.after.${string}` };
export type PathEvent<M extends AnyStateMachine = AnyStateMachine> =
  | EventFromLogic<M>
  | ActorDoneEvent
  | ActorErrorEvent
  | DelayEvent
  | ClockJumpedEvent;

export interface PathModel<M extends AnyStateMachine = AnyStateMachine> {
  machine: M;
  /** Offered in every state that handles their type. Finite, so the graph is too. */
  events: readonly PathEvent<M>[];
  /** The machine's input, for machines that take one. */
  input?: unknown;
  /**
   * Optional: whether `event` is offered in `snapshot` at all (beyond "the state handles it").
   * For machines whose context grows with an event handled everywhere (a queue), so the graph
   * stays finite.
   */
  offers?: (snapshot: AnyMachineSnapshot, event: PathEvent<M>) => boolean;
}

/** The wall clock every path starts at: a Monday, 09:00 UTC. */
export const PATH_CLOCK_START = MONDAY_9AM;

export interface ModelSnapshot {
  status: 'active';
  output: undefined;
  error: undefined;
  machine: AnyMachineSnapshot;
  now: number;
  /** Keys of the transitions the step into this snapshot took. Not part of the state's identity. */
  taken: readonly string[];
}
export type ModelPath = StatePath<ModelSnapshot, PathEvent>;

export const isClockJump = (event: { type: string }): event is ClockJumpedEvent => event.type === 'clock.jumped';

/** Runs `fn` with the app clock fixed at `at`. */
function atTime<T>(at: number, fn: () => T): T {
  const restore = setClock(manualClock(at));
  try {
    return fn();
  } finally {
    restore();
  }
}

/** An actor scope that runs no actions and starts no actors, and remembers which transitions each step took. */
function recordingScope(): { scope: AnyActorScope; taken: string[] } {
  const taken: string[] = [];
  const scope = microstepScope((transitions) => taken.push(...transitions.map(transitionKey)));
  return { scope, taken };
}

function modelLogic(model: PathModel): ActorLogic<ModelSnapshot, PathEvent> {
  const { machine } = model;
  return {
    getInitialSnapshot: () => {
      const { scope, taken } = recordingScope();
      const initial = atTime(PATH_CLOCK_START, () => machine.getInitialSnapshot(scope, model.input));
      return { status: 'active', output: undefined, error: undefined, machine: initial, now: PATH_CLOCK_START, taken };
    },
    transition: (snapshot, event) => {
      if (isClockJump(event)) return { ...snapshot, now: snapshot.now + event.ms, taken: [] };
      const { scope, taken } = recordingScope();
      const next = atTime(snapshot.now, () => machine.transition(snapshot.machine, event, scope));
      return { ...snapshot, machine: next, taken };
    },
    getPersistedSnapshot: (snapshot) => snapshot,
  };
}

function serializeModelSnapshot(snapshot: ModelSnapshot): string {
  const { value, context, status } = snapshot.machine;
  return JSON.stringify({ value, context, status, now: snapshot.now });
}

function offeredEvents(model: PathModel) {
  return (snapshot: ModelSnapshot): PathEvent[] => {
    if (snapshot.machine.status !== 'active') return [];
    const handled = new Set(eventTypesHandledIn(snapshot.machine));
    // One clock jump a path: enough to reach every time rule, and it keeps the graph finite.
    return model.events.filter(
      (event) =>
        (isClockJump(event) ? snapshot.now === PATH_CLOCK_START : handled.has(event.type)) && (model.offers?.(snapshot.machine, event) ?? true),
    );
  };
}

function traversalOptions(model: PathModel): TraversalOptions<ModelSnapshot, PathEvent, unknown> {
  return { events: offeredEvents(model), serializeState: serializeModelSnapshot };
}

/**
 * Paths that together take every transition the model can reach: for each edge of the graph that
 * takes a transition no earlier path took, the shortest path to its source plus that edge.
 * Paths that are a prefix of a longer one are dropped (the longer one runs them anyway).
 */
export function generatePaths(model: PathModel): ModelPath[] {
  const logic = modelLogic(model);
  const options = traversalOptions(model);
  const adjacency = getAdjacencyMap(logic, options);
  const shortest = getShortestPaths(logic, options).sort((a, b) => a.weight - b.weight);
  const covered = new Set<string>();
  const eventLists: PathEvent[][] = [];
  for (const path of shortest) {
    const edges = adjacency[serializeModelSnapshot(path.state) as keyof typeof adjacency]?.transitions ?? {};
    for (const { event, state } of Object.values(edges)) {
      const fresh = state.taken.filter((key) => !covered.has(key));
      if (fresh.length === 0) continue;
      for (const key of fresh) covered.add(key);
      eventLists.push([...path.steps.slice(1).map((step) => step.event), event]);
    }
  }
  return withoutPrefixes(eventLists).map((events) => replayPath(logic, events));
}

/**
 * Builds a path by running its events through the model again. The graph keeps one snapshot per
 * distinct state, so the snapshots of a generated path may carry the `taken` transitions of
 * another edge into the same state; a replay records the ones this path takes.
 */
function replayPath(logic: ActorLogic<ModelSnapshot, PathEvent>, events: readonly PathEvent[]): ModelPath {
  const { scope } = recordingScope();
  let state = logic.getInitialSnapshot(scope as never, undefined);
  const steps: ModelPath['steps'] = [{ state, event: { type: 'xstate.init' } as never }];
  for (const event of events) {
    state = logic.transition(state, event, scope as never);
    steps.push({ state, event });
  }
  return { state, steps, weight: events.length };
}

const isPrefix = (short: readonly string[], long: readonly string[]) => short.length < long.length && short.every((key, i) => key === long[i]);

function withoutPrefixes(eventLists: PathEvent[][]): PathEvent[][] {
  const keyed = eventLists.map((events) => ({ events, keys: events.map((event) => JSON.stringify(event)) }));
  return keyed.filter(({ keys }) => !keyed.some((other) => isPrefix(keys, other.keys))).map(({ events }) => events);
}

// ---- transitions and coverage -------------------------------------------------------------

/** Stable across machine.provide() (which rebuilds the state nodes): source id, event, position. */
export function transitionKey(transition: AnyTransitionDefinition): string {
  const { source, eventType } = transition;
  const siblings: readonly AnyTransitionDefinition[] = eventType === '' ? (source.always ?? []) : (source.transitions.get(eventType) ?? []);
  return `${source.id} | ${eventType === '' ? '(always)' : eventType} | ${siblings.indexOf(transition)}`;
}

function guardName(guard: AnyTransitionDefinition['guard']): string | undefined {
  if (guard === undefined) return undefined;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') return guard.name || 'inline guard';
  return (guard as { type?: string }).type ?? 'guard';
}

/** "source —event [guard]→ target" for reports. */
export function transitionLabel(transition: AnyTransitionDefinition): string {
  const event = transition.eventType === '' ? '(always)' : transition.eventType;
  const guard = guardName(transition.guard);
  const target = transition.target?.map((node) => node.id).join(', ') ?? '(no target)';
  return `${transition.source.id} —${event}${guard ? ` [${guard}]` : ''}→ ${target}`;
}

function allStateNodes(machine: AnyStateMachine): AnyStateNode[] {
  return [machine.root, ...getStateNodes(machine.root)];
}

/** Every transition definition: on, after, invoke onDone/onError, state onDone, always — guarded branches each count. */
export function allTransitions(machine: AnyStateMachine): Array<{ key: string; label: string }> {
  return allStateNodes(machine).flatMap((node) =>
    [...[...node.transitions.values()].flat(), ...(node.always ?? [])].map((t) => ({ key: transitionKey(t), label: transitionLabel(t) })),
  );
}

/** What one step of a path showed: the active state nodes and the transitions it took. */
export interface CoveredStep {
  stateNodeIds: readonly string[];
  transitionKeys: readonly string[];
}

export function activeStateNodeIds(snapshot: AnyMachineSnapshot): string[] {
  return allStateNodes(snapshot.machine)
    .filter((node) => node.path.length === 0 || snapshot.matches(node.path.join('.')))
    .map((node) => node.id);
}

/** The model's own claim of what a generated path covers (the path tests measure it on a real actor). */
export function predictedSteps(path: ModelPath): CoveredStep[] {
  return path.steps.map(({ state }) => ({ stateNodeIds: activeStateNodeIds(state.machine), transitionKeys: state.taken }));
}

export interface CoverageReport {
  stateNodes: { total: number; missing: string[] };
  transitions: { total: number; missing: string[] };
  complete: boolean;
}

/**
 * The first of `paths` that takes the transition labelled `label`, cut just after the step that
 * takes it: what the path tests name an operator-facing branch by.
 */
export function firstPathTaking(machine: AnyStateMachine, paths: readonly ModelPath[], label: string): ModelPath {
  const transition = allTransitions(machine).find((t) => t.label === label);
  if (!transition) throw new Error(`No transition "${label}"`);
  for (const path of paths) {
    const index = path.steps.findIndex((step) => step.state.taken.includes(transition.key));
    if (index > 0) return { ...path, state: path.steps[index].state, steps: path.steps.slice(0, index + 1), weight: index };
  }
  throw new Error(`No generated path takes "${label}"`);
}

export function coverage(machine: AnyStateMachine, paths: ReadonlyArray<{ steps: readonly CoveredStep[] }>): CoverageReport {
  const seenTransitions = new Set(paths.flatMap((path) => path.steps.flatMap((step) => step.transitionKeys)));
  // A state left by an eventless transition in the same macrostep (a transient "choosing" state)
  // never shows in a snapshot; that a transition out of it was taken proves it was entered.
  const transitionSources = [...seenTransitions].map((key) => key.slice(0, key.indexOf(' | ')));
  const seenNodes = new Set([...paths.flatMap((path) => path.steps.flatMap((step) => step.stateNodeIds)), ...transitionSources]);
  // The root is active in every snapshot; reporting it would only add noise.
  const nodes = getStateNodes(machine.root).map((node) => node.id);
  const transitions = allTransitions(machine);
  const missingNodes = nodes.filter((id) => !seenNodes.has(id));
  const missingTransitions = transitions.filter((t) => !seenTransitions.has(t.key)).map((t) => t.label);
  return {
    stateNodes: { total: nodes.length, missing: missingNodes },
    transitions: { total: transitions.length, missing: missingTransitions },
    complete: missingNodes.length === 0 && missingTransitions.length === 0,
  };
}

// ---- printing -----------------------------------------------------------------------------

/** "signedIn.fresh"; parallel regions are joined with " + ". */
export function stateLabel(value: StateValue): string {
  if (typeof value === 'string') return value;
  return Object.entries(value)
    .map(([key, child]) => (child === undefined || (typeof child === 'object' && Object.keys(child).length === 0) ? key : `${key}.${stateLabel(child as StateValue)}`))
    .join(' + ');
}

const looksLikeEpochMillis = (n: number) => Number.isInteger(n) && n >= 1e12 && n < 1e13;

/** A short, one-line rendering of a payload: three levels deep, long strings cut, times as ISO. */
export function summarise(value: unknown, depth = 0): string {
  if (value === null || value === undefined) return String(value);
  if (typeof value === 'number') return looksLikeEpochMillis(value) ? new Date(value).toISOString().replace('.000Z', 'Z') : String(value);
  if (typeof value === 'string') return JSON.stringify(value.length > 32 ? `${value.slice(0, 31)}…` : value);
  if (typeof value !== 'object') return String(value);
  if (depth >= 3) return Array.isArray(value) ? `[${value.length}]` : '{…}';
  if (Array.isArray(value)) return `[${value.map((item) => summarise(item, depth + 1)).join(', ')}]`;
  const fields = Object.entries(value).map(([key, field]) => `${key}: ${summarise(field, depth + 1)}`);
  return `{ ${fields.join(', ')} }`;
}

export function eventLabel(event: PathEvent): string {
  const { type, ...payload } = event as { type: string } & Record<string, unknown>;
  return Object.keys(payload).length === 0 ? type : `${type} ${summarise(payload)}`;
}

/** The generated paths as a Markdown test plan. */
/** One way into a machine: a model, and a few words on where it starts (a page, an input, a clock). */
export interface PathStart {
  label: string;
  model: PathModel;
}

/**
 * A machine's entry in the registry: one model, or several starts whose paths together cover its
 * graph (e.g. the offer dates opened on an offer for today and on one for tomorrow).
 */
export type MachinePlan = PathModel | readonly PathStart[];

export const startsOf = (plan: MachinePlan): readonly PathStart[] => ('machine' in plan ? [{ label: '', model: plan }] : plan);

/** A machine's QA test plan: every start's generated paths, numbered, and what they leave uncovered. */
export function formatPlan(name: string, plan: MachinePlan): string {
  const starts = startsOf(plan).map((start) => ({ ...start, paths: generatePaths(start.model) }));
  const machine = starts[0].model.machine;
  const all = starts.flatMap(({ paths }) => paths);
  const report = coverage(machine, all.map((path) => ({ steps: predictedSteps(path) })));
  const several = starts.length > 1;
  const lines = [
    `# ${name}: ${plural(all.length, 'path')}${several ? ` from ${starts.length} starts` : ''}`,
    '',
    `Machine \`${machine.id}\`: ${report.stateNodes.total} states, ${report.transitions.total} transitions; ` +
      `these paths take ${report.transitions.total - report.transitions.missing.length} of them.`,
    `Clock fixed at ${summarise(PATH_CLOCK_START)}; \`clock.jumped\` means time passes while no timer fires (a suspended tab).`,
    '',
  ];
  let number = 0;
  for (const start of starts) {
    if (several) lines.push(`## From ${start.label}`, '');
    for (const path of start.paths) {
      number += 1;
      const last = path.state.machine.value;
      lines.push(`${several ? '###' : '##'} Path ${number}: ends in ${stateLabel(last)} (${plural(path.steps.length - 1, 'step')})`, '');
      path.steps.slice(1).forEach((step, i) => {
        const from = path.steps[i].state.machine.value;
        lines.push(`${i + 1}. ${stateLabel(from)} → ${eventLabel(step.event)} → ${stateLabel(step.state.machine.value)}`);
      });
      lines.push('');
    }
  }
  if (!report.complete) {
    lines.push('## Not covered', '', ...report.stateNodes.missing.map((id) => `- state ${id}`), ...report.transitions.missing.map((t) => `- ${t}`), '');
  }
  return lines.join('\n');
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

import { expect, vi } from 'vitest';
import { getStateNodes } from '@xstate/graph';
import { createActor, fromPromise, type AnyMachineSnapshot, type AnyStateMachine } from 'xstate';
// Aliased: the name `setClock` trips the React hooks lint rule, and this is no hook.
import { manualClock, setClock } from '../../src/lib/clock';
import { deferred, settle, type Deferred } from './deferred';
import { transitionsTaken } from '../../src/machines/path-model/xstate-internals';
import {
  activeStateNodeIds,
  eventLabel,
  isClockJump,
  PATH_CLOCK_START,
  stateLabel,
  transitionKey,
  type CoveredStep,
  type ModelPath,
  type PathEvent,
  type PathModel,
} from '../../src/machines/path-model/model';

/**
 * Runs generated paths against a real actor of the machine. Every invoked actor is replaced by a
 * promise the runner settles when the path says the actor finished, delays fire by advancing
 * fake timers, and the app clock is the fixed path clock. After every step the actor's state must
 * be the one the path expects, and the transitions it took are recorded for coverage.
 */
export interface ExecutedPath {
  path: ModelPath;
  steps: CoveredStep[];
}

const DONE = 'xstate.done.actor.';
const ERROR = 'xstate.error.actor.';
const AFTER = 'xstate.after.';

/** The part of a snapshot a path pins down: where the machine is and what it holds. */
const observable = (snapshot: AnyMachineSnapshot) => ({ status: snapshot.status, value: snapshot.value, context: snapshot.context });

function invokedSources(machine: AnyStateMachine): string[] {
  const sources = new Set<string>();
  for (const node of [machine.root, ...getStateNodes(machine.root)]) for (const invoke of node.invoke) sources.add(invoke.src as string);
  return [...sources];
}

/** Fake actors for every invoked source; each running one waits on a deferred keyed by its invoke id. */
function controllableActors(machine: AnyStateMachine) {
  const running = new Map<string, Deferred<unknown>>();
  const actors = Object.fromEntries(
    invokedSources(machine).map((src) => [
      src,
      fromPromise(({ self }) => {
        const call = deferred<unknown>();
        running.set(self.id, call);
        return call.promise;
      }),
    ]),
  );
  function finish(id: string): Deferred<unknown> {
    const call = running.get(id);
    if (!call) throw new Error(`The path finishes actor "${id}", but no such actor is running`);
    running.delete(id);
    return call;
  }
  return { actors, finish };
}

export async function executePath(model: PathModel, path: ModelPath): Promise<ExecutedPath> {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  const clock = manualClock(PATH_CLOCK_START);
  const restoreClock = setClock(clock);
  const { actors, finish } = controllableActors(model.machine);
  let taken: string[] = [];
  const actor = createActor(model.machine.provide({ actors } as never), {
    input: model.input,
    // Every invoked actor is a fake promise actor, so every microstep reported is the machine's.
    inspect: (event) => {
      taken.push(...transitionsTaken(event).map(transitionKey));
    },
  });

  async function perform(event: PathEvent) {
    if (isClockJump(event)) clock.advance(event.ms);
    else if (event.type.startsWith(DONE)) finish(event.type.slice(DONE.length)).resolve((event as { output?: unknown }).output);
    else if (event.type.startsWith(ERROR)) finish(event.type.slice(ERROR.length)).reject((event as { error: unknown }).error);
    // The machine's only pending timer is the delay the path expects; the state check catches any other.
    else if (event.type.startsWith(AFTER)) await vi.advanceTimersToNextTimerAsync();
    else actor.send(event as never);
    await settle();
  }

  const steps: CoveredStep[] = [];
  try {
    actor.start();
    await settle();
    for (const [index, step] of path.steps.entries()) {
      if (index > 0) await perform(step.event);
      const where = `step ${index} (${eventLabel(step.event)} → ${stateLabel(step.state.machine.value)})`;
      expectAt(where, () => expect(observable(actor.getSnapshot())).toEqual(observable(step.state.machine)));
      // The real actor took exactly the transitions the model predicted.
      expectAt(`transitions at ${where}`, () => expect(taken).toEqual(step.state.taken));
      steps.push({ stateNodeIds: activeStateNodeIds(actor.getSnapshot()), transitionKeys: taken });
      taken = [];
    }
  } finally {
    actor.stop();
    restoreClock();
    vi.useRealTimers();
  }
  return { path, steps };
}

/** Runs an assertion; a failure names the step of the path it happened at. */
function expectAt(where: string, assertion: () => void): void {
  try {
    assertion();
  } catch (error) {
    if (error instanceof Error) error.message = `${where}: ${error.message}`;
    throw error;
  }
}

/** A test title for a path: its events, in order. */
export function pathTitle(path: ModelPath, index: number): string {
  const events = path.steps.slice(1).map(({ event }) => {
    const short = event.type.replace(/^xstate\.(done|error)\.actor\./, '$1:').replace(/^xstate\.after\..*/, 'after');
    // "done:restoreSession(null)" and "done:restoreSession" are different paths; say so.
    return 'output' in event && event.output === null ? `${short}(null)` : short;
  });
  return `path ${index + 1}: ${events.join(' → ')} ⇒ ${stateLabel(path.state.machine.value)}`;
}

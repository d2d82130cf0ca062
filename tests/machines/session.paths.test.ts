import { describe, expect, it } from 'vitest';
import { setup } from 'xstate';
import { sessionMachine } from '../../src/machines/session/machine';
import { executePath, pathTitle } from '../support/path-runner';
import { allTransitions, coverage, generatePaths, predictedSteps, type PathModel } from '../../src/machines/path-model/model';
import { sessionPathModel } from '../../src/machines/session/paths';

const paths = generatePaths(sessionPathModel);

describe('session machine: generated paths run against a real actor', () => {
  it.each(paths.map((path, index) => [pathTitle(path, index), path] as const))('%s', async (_, path) => {
    const executed = await executePath(sessionPathModel, path);
    expect(executed.steps).toHaveLength(path.steps.length);
  });

  it('together cover every state and every transition of the machine', async () => {
    const executed = [];
    for (const path of paths) executed.push(await executePath(sessionPathModel, path));
    const report = coverage(sessionMachine, executed);
    expect(report.stateNodes.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
    expect(report.stateNodes.total).toBe(10);
    expect(report.complete).toBe(true);
  });
});

describe('coverage()', () => {
  it('counts every transition definition: on, after, always, invoke onDone/onError, each guarded branch', () => {
    const labels = allTransitions(sessionMachine).map((t) => t.label);
    expect(labels).toHaveLength(30);
    expect(labels).toEqual(
      expect.arrayContaining([
        'session.restoring —xstate.done.actor.restoreSession [hasStoredSession]→ session.signedIn',
        'session.restoring —xstate.done.actor.restoreSession→ session.resuming',
        'session.signedIn.fresh —(always) [isStale]→ session.signedIn.stale',
        'session.signedIn.fresh —xstate.after.untilStale.session.signedIn.fresh→ session.signedIn.stale',
        'session.signedIn.fresh —session.tokenNeeded [isStale]→ session.signedIn.refreshing',
        'session.signedIn —session.switchRole [canActAsRole]→ (no target)',
        'session.signedIn —session.switchRole [unverified]→ session.signedIn.verifying',
        'session.signedIn.fresh —session.verify [unverified]→ session.signedIn.verifying',
        'session.signedIn.verifying —xstate.done.actor.verifySession→ session.signedIn.fresh',
        'session.signedIn.verifying —xstate.error.actor.verifySession→ session.signingOut',
        'session.signingOut —xstate.error.actor.signOut [signOutWasExpiry]→ session.signedOut',
        'session.signingOut —xstate.error.actor.signOut→ session.signedOut',
      ]),
    );
  });

  it('fails when a transition is not covered', async () => {
    const withoutDelay = paths.filter((path) => !path.steps.some((step) => step.event.type.startsWith('xstate.after.')));
    expect(withoutDelay.length).toBeLessThan(paths.length);
    const executed = [];
    for (const path of withoutDelay) executed.push(await executePath(sessionPathModel, path));
    const report = coverage(sessionMachine, executed);
    expect(report.complete).toBe(false);
    expect(report.transitions.missing).toEqual(['session.signedIn.fresh —xstate.after.untilStale.session.signedIn.fresh→ session.signedIn.stale']);
  });

  it('fails when one guarded branch is taken but its sibling is not, and names the state never entered', () => {
    const toy = setup({
      types: { events: {} as { type: 'order.placed'; items: number } },
      guards: { isLarge: ({ event }) => event.items > 10 },
    }).createMachine({
      id: 'toy',
      initial: 'open',
      states: {
        open: { on: { 'order.placed': [{ guard: 'isLarge', target: 'review' }, { target: 'done' }] } },
        review: {},
        done: {},
      },
    });
    // Only small orders are offered: the large-order branch and its target stay unreached.
    const model: PathModel<typeof toy> = { machine: toy, events: [{ type: 'order.placed', items: 1 }] };
    const report = coverage(toy, generatePaths(model).map((path) => ({ steps: predictedSteps(path) })));
    expect(report).toEqual({
      stateNodes: { total: 3, missing: ['toy.review'] },
      transitions: { total: 2, missing: ['toy.open —order.placed [isLarge]→ toy.review'] },
      complete: false,
    });
  });
});

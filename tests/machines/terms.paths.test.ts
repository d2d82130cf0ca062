import { describe, expect, it } from 'vitest';
import { termsMachine } from '../../src/machines/settings/terms.machine';
import { executePath, pathTitle, type ExecutedPath } from '../support/path-runner';
import { allTransitions, coverage, generatePaths, type ModelPath } from '../../src/machines/path-model/model';
import { PATH_ACCEPT_DATE, PATH_TERMS, termsLoadedPathModel, termsPathModel } from '../../src/machines/settings/terms.paths';

const paths = generatePaths(termsPathModel);
/** Opened with the shell's terms: the other branch of the start. */
const loadedPaths = generatePaths(termsLoadedPathModel);

/** The first generated path that takes the transition labelled `label`, cut just after the step that takes it. */
function pathTaking(label: string, from: ModelPath[] = paths): ModelPath {
  const transition = allTransitions(termsMachine).find((t) => t.label === label);
  if (!transition) throw new Error(`No transition "${label}"`);
  for (const path of from) {
    const index = path.steps.findIndex((step) => step.state.taken.includes(transition.key));
    if (index >= 0) return { ...path, state: path.steps[index].state, steps: path.steps.slice(0, index + 1), weight: index };
  }
  throw new Error(`No generated path takes "${label}"`);
}

describe('terms machine: generated paths run against a real actor', () => {
  it.each(paths.map((path, index) => [pathTitle(path, index), path] as const))('%s', async (_, path) => {
    const executed = await executePath(termsPathModel, path);
    expect(executed.steps).toHaveLength(path.steps.length);
  });

  it.each(loadedPaths.map((path, index) => [pathTitle(path, index), path] as const))('with the shell’s terms, %s', async (_, path) => {
    const executed = await executePath(termsLoadedPathModel, path);
    expect(executed.steps).toHaveLength(path.steps.length);
  });

  it('together cover every state and every transition of the machine', async () => {
    const executed: ExecutedPath[] = [];
    for (const path of paths) executed.push(await executePath(termsPathModel, path));
    for (const path of loadedPaths) executed.push(await executePath(termsLoadedPathModel, path));
    const report = coverage(termsMachine, executed);
    expect(report.stateNodes.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
    expect(report.stateNodes.total).toBe(6);
    expect(report.transitions.total).toBe(10);
    expect(report.complete).toBe(true);
  });

  describe('include the operator-facing branches by name', () => {
    it('with the shell’s terms the tab shows them at once; without, it reads them first', () => {
      const shown = pathTaking('terms.starting —(always) [hasTerms]→ terms.ready', loadedPaths);
      expect(shown.steps[0].state.machine.value).toBe('ready');
      const read = pathTaking('terms.loading —xstate.done.actor.loadTerms→ terms.ready');
      expect(read.steps[0].state.machine.value).toBe('loading');
      expect(read.state.machine.context.terms).toEqual(PATH_TERMS);
    });

    it('accepting asks first; cancelling sends nothing', () => {
      const cancelled = pathTaking('terms.confirming —terms.cancel→ terms.ready');
      expect(cancelled.steps.map((step) => step.state.machine.value)).not.toContain('accepting');
      expect(cancelled.state.machine.context.terms?.acceptDate).toBeNull();
    });

    it('an accept the server records shows its date', () => {
      const accepted = pathTaking('terms.accepting —xstate.done.actor.acceptTerms→ terms.ready');
      expect(accepted.state.machine.context).toMatchObject({ terms: { text: PATH_TERMS.text, acceptDate: PATH_ACCEPT_DATE }, acceptFailed: false });
    });

    it('a refused accept keeps the terms and says so', () => {
      const refused = pathTaking('terms.accepting —xstate.error.actor.acceptTerms→ terms.ready');
      expect(refused.state.machine.context).toMatchObject({ terms: PATH_TERMS, acceptFailed: true });
    });

    it('terms that did not load offer Retry, which reads them again', () => {
      const retried = pathTaking('terms.loadFailed —terms.retry→ terms.loading');
      expect(retried.steps.at(-2)!.state.machine.value).toBe('loadFailed');
    });
  });
});

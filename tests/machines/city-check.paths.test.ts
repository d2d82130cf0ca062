import { describe, expect, it } from 'vitest';
import { cityCheckMachine, selectCityOutcome } from '../../src/machines/registration/city-check.machine';
import { executePath, pathTitle, type ExecutedPath } from '../support/path-runner';
import { allTransitions, coverage, generatePaths, type ModelPath } from '../../src/machines/path-model/model';
import { cityCheckPathModel, PATH_CITY_SERVED } from '../../src/machines/registration/paths';

const paths = generatePaths(cityCheckPathModel);

function pathTaking(label: string): ModelPath {
  const transition = allTransitions(cityCheckMachine).find((t) => t.label === label);
  if (!transition) throw new Error(`No transition "${label}"`);
  for (const path of paths) {
    const index = path.steps.findIndex((step) => step.state.taken.includes(transition.key));
    if (index >= 0) return { ...path, state: path.steps[index].state, steps: path.steps.slice(0, index + 1), weight: index };
  }
  throw new Error(`No generated path takes "${label}"`);
}

describe('city check machine: generated paths run against a real actor', () => {
  it.each(paths.map((path, index) => [pathTitle(path, index), path] as const))('%s', async (_, path) => {
    const executed = await executePath(cityCheckPathModel, path);
    expect(executed.steps).toHaveLength(path.steps.length);
  });

  it('together cover every state and every transition of the machine', async () => {
    const executed: ExecutedPath[] = [];
    for (const path of paths) executed.push(await executePath(cityCheckPathModel, path));
    const report = coverage(cityCheckMachine, executed);
    expect(report.stateNodes.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
    expect(report.stateNodes.total).toBe(8);
    expect(report.transitions.total).toBe(9);
    expect(report.complete).toBe(true);
  });

  describe('include the operator-facing branches by name', () => {
    it('typing waits for a pause, then asks about the text before the first comma', () => {
      const waiting = pathTaking('cityCheck —city.changed→ cityCheck.waiting');
      expect(selectCityOutcome(waiting.state.machine)).toBe('waiting');
      expect(waiting.state.machine.context.query).toEqual({ country: 'ES', city: 'València', email: 'marta@fornnou.test' });
      expect(selectCityOutcome(pathTaking('cityCheck.waiting —xstate.after.typingPause.cityCheck.waiting→ cityCheck.checking').state.machine)).toBe('checking');
    });

    it('the same city typed differently after the comma asks nothing new', () => {
      const same = pathTaking('cityCheck —city.changed [alreadyAsked]→ (no target)');
      expect(same.state.machine.context.query?.city).toBe('València');
    });

    it('each answer has its outcome', () => {
      expect(pathTaking('cityCheck.checking —xstate.done.actor.checkCity→ cityCheck.accepted').state.machine.context.result).toEqual(PATH_CITY_SERVED);
      expect(selectCityOutcome(pathTaking('cityCheck.checking —xstate.done.actor.checkCity [unknownCity]→ cityCheck.unknownCity').state.machine)).toBe('unknownCity');
      expect(selectCityOutcome(pathTaking('cityCheck.checking —xstate.done.actor.checkCity [notServed]→ cityCheck.notServed').state.machine)).toBe('notServed');
      expect(selectCityOutcome(pathTaking('cityCheck.checking —xstate.done.actor.checkCity [taken]→ cityCheck.taken').state.machine)).toBe('taken');
      expect(selectCityOutcome(pathTaking('cityCheck.checking —xstate.error.actor.checkCity→ cityCheck.failed').state.machine)).toBe('failed');
      expect(selectCityOutcome(pathTaking('cityCheck —city.changed [nothingToCheck]→ cityCheck.idle').state.machine)).toBe('idle');
    });
  });
});

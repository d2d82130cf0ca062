import { describe, expect, it } from 'vitest';
import { languageSwitchMachine } from '../../src/machines/profile/language-switch.machine';
import { languageSwitchPathModel } from '../../src/machines/profile/language-switch.paths';
import { executePath, pathTitle, type ExecutedPath } from '../support/path-runner';
import { coverage, firstPathTaking, generatePaths } from '../../src/machines/path-model/model';

const paths = generatePaths(languageSwitchPathModel);

const pathTaking = (label: string) => firstPathTaking(languageSwitchMachine, paths, label);

describe('language switch machine: generated paths run against a real actor', () => {
  it.each(paths.map((path, index) => [pathTitle(path, index), path] as const))('%s', async (_, path) => {
    const executed = await executePath(languageSwitchPathModel, path);
    expect(executed.steps).toHaveLength(path.steps.length);
  });

  it('together cover every state and every transition of the machine', async () => {
    const executed: ExecutedPath[] = [];
    for (const path of paths) executed.push(await executePath(languageSwitchPathModel, path));
    const report = coverage(languageSwitchMachine, executed);
    expect(report.stateNodes.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
    expect(report.complete).toBe(true);
  });

  describe('include the operator-facing branches by name', () => {
    it('choosing Spanish saves it at once, the console already speaking it', () => {
      const { state } = pathTaking('languageSwitch.idle —language.choose [isNewChoice]→ languageSwitch.saving');
      expect(state.machine.value).toBe('saving');
      expect(state.machine.context).toMatchObject({ saved: 'en', choice: 'es', failure: null });
    });

    it('a save the server answers puts the choice on record', () => {
      const { state } = pathTaking('languageSwitch.saving —xstate.done.actor.save→ languageSwitch.idle');
      expect(state.machine.context).toMatchObject({ saved: 'es', choice: null, failure: null });
    });

    it('a refused save puts the language on record back and says "Error to post admin info"', () => {
      const { state } = pathTaking('languageSwitch.saving —xstate.error.actor.save→ languageSwitch.failed');
      expect(state.machine.context).toMatchObject({ saved: 'en', choice: null, failure: 'settings.security.postFailed' });
    });

    it('after a refusal, choosing again is the retry', () => {
      const retried = pathTaking('languageSwitch.failed —language.choose [isNewChoice]→ languageSwitch.saving');
      expect(retried.steps.at(-2)!.state.machine.value).toBe('failed');
      expect(retried.state.machine.context.failure).toBeNull();
    });
  });
});

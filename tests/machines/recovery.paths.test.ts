import { describe, expect, it } from 'vitest';
import { recoveryMachine, selectRecoveryStep } from '../../src/machines/registration/recovery.machine';
import { executePath, pathTitle, type ExecutedPath } from '../support/path-runner';
import { allTransitions, coverage, generatePaths, type ModelPath } from '../../src/machines/path-model/model';
import { recoveryPathModel } from '../../src/machines/registration/paths';

const paths = generatePaths(recoveryPathModel);

function pathTaking(label: string): ModelPath {
  const transition = allTransitions(recoveryMachine).find((t) => t.label === label);
  if (!transition) throw new Error(`No transition "${label}"`);
  for (const path of paths) {
    const index = path.steps.findIndex((step) => step.state.taken.includes(transition.key));
    if (index >= 0) return { ...path, state: path.steps[index].state, steps: path.steps.slice(0, index + 1), weight: index };
  }
  throw new Error(`No generated path takes "${label}"`);
}

describe('recovery machine: generated paths run against a real actor', () => {
  it.each(paths.map((path, index) => [pathTitle(path, index), path] as const))('%s', async (_, path) => {
    const executed = await executePath(recoveryPathModel, path);
    expect(executed.steps).toHaveLength(path.steps.length);
  });

  it('together cover every state and every transition of the machine', async () => {
    const executed: ExecutedPath[] = [];
    for (const path of paths) executed.push(await executePath(recoveryPathModel, path));
    const report = coverage(recoveryMachine, executed);
    expect(report.stateNodes.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
    expect(report.stateNodes.total).toBe(5);
    expect(report.transitions.total).toBe(8);
    expect(report.complete).toBe(true);
  });

  it('sends the trimmed address; the provider accepting it shows the same confirmation for any address', () => {
    const sent = pathTaking('recovery.sending —xstate.done.actor.sendReset→ recovery.sent');
    expect(selectRecoveryStep(sent.state.machine)).toBe('sent');
    expect(sent.state.machine.context.email).toBe('marta@fornnou.test');
  });

  it('an address the provider does not take for an e-mail, and a provider out of reach (Retry), keep the form', () => {
    expect(pathTaking('recovery.sending —xstate.error.actor.sendReset [notAnEmail]→ recovery.notAnEmail').state.machine.hasTag('form')).toBe(true);
    const unreachable = pathTaking('recovery.sending —xstate.error.actor.sendReset→ recovery.unreachable');
    expect(unreachable.state.machine.hasTag('form')).toBe(true);
    expect(selectRecoveryStep(pathTaking('recovery.unreachable —recovery.retry→ recovery.sending').state.machine)).toBe('sending');
  });
});

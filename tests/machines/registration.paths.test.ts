import { describe, expect, it } from 'vitest';
import { registrationMachine, selectRegistrationStep, selectSignupFailure } from '../../src/machines/registration/machine';
import { executePath, pathTitle, type ExecutedPath } from '../support/path-runner';
import { allTransitions, coverage, generatePaths, type ModelPath } from '../../src/machines/path-model/model';
import { PATH_LINK, PATH_SIGNUP_VALUES, registrationLinkPathModel, registrationPathModel } from '../../src/machines/registration/paths';

/** The form's entry (/auth/register) and the link's (/auth/validate/{email}/{token}): together, the whole graph. */
const formPaths = generatePaths(registrationPathModel);
const linkPaths = generatePaths(registrationLinkPathModel);

/** The first generated path that takes the transition labelled `label`, cut just after the step that takes it. */
function pathTaking(label: string, from: ModelPath[] = formPaths): ModelPath {
  const transition = allTransitions(registrationMachine).find((t) => t.label === label);
  if (!transition) throw new Error(`No transition "${label}"`);
  for (const path of from) {
    const index = path.steps.findIndex((step) => step.state.taken.includes(transition.key));
    if (index >= 0) return { ...path, state: path.steps[index].state, steps: path.steps.slice(0, index + 1), weight: index };
  }
  throw new Error(`No generated path takes "${label}"`);
}

describe('registration machine: generated paths run against a real actor', () => {
  it.each(formPaths.map((path, index) => [pathTitle(path, index), path] as const))('sign-up, %s', async (_, path) => {
    const executed = await executePath(registrationPathModel, path);
    expect(executed.steps).toHaveLength(path.steps.length);
  });

  it.each(linkPaths.map((path, index) => [pathTitle(path, index), path] as const))('validation link, %s', async (_, path) => {
    const executed = await executePath(registrationLinkPathModel, path);
    expect(executed.steps).toHaveLength(path.steps.length);
  });

  it('together cover every state and every transition of the machine', async () => {
    const executed: ExecutedPath[] = [];
    for (const path of formPaths) executed.push(await executePath(registrationPathModel, path));
    for (const path of linkPaths) executed.push(await executePath(registrationLinkPathModel, path));
    const report = coverage(registrationMachine, executed);
    expect(report.stateNodes.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
    expect(report.stateNodes.total).toBe(12);
    expect(report.transitions.total).toBe(19);
    expect(report.complete).toBe(true);
  });

  it('has every state the issue names: editing, sending, validation e-mail sent, verified ok, verified error', () => {
    const ids = Object.keys(registrationMachine.states);
    expect(ids).toEqual(expect.arrayContaining(['editing', 'sending', 'emailSent', 'verifiedOk', 'verifiedError']));
  });

  describe('include the operator-facing branches by name', () => {
    it('a sign-up the server accepts shows the check-your-inbox screen for the address, trimmed and in lower case', () => {
      const { state } = pathTaking('registration.sending —xstate.done.actor.signUp [emailWasSent]→ registration.emailSent');
      expect(selectRegistrationStep(state.machine)).toBe('emailSent');
      expect(state.machine.context.sentTo).toBe('marta@fornnou.test');
    });

    it('an e-mail already in use goes back to the form, the refusal on the e-mail, every value kept', () => {
      const { state } = pathTaking('registration.sending —xstate.error.actor.signUp→ registration.editing');
      expect(selectRegistrationStep(state.machine)).toBe('form');
      expect(state.machine.context.values).toEqual(PATH_SIGNUP_VALUES);
      expect(selectSignupFailure(state.machine)).toMatchObject({ kind: 'refused', field: 'email' });
      const edited = pathTaking('registration.editing —registration.fieldEdited [refusalOn]→ (no target)');
      expect(selectSignupFailure(edited.state.machine)).toBeNull();
    });

    it('resending from the inbox screen, and going back to the form with everything typed', () => {
      expect(pathTaking('registration.emailSent.resending —xstate.done.actor.resend [emailWasSent]→ registration.emailSent.resent').state.machine.value).toEqual({ emailSent: 'resent' });
      expect(pathTaking('registration.emailSent.resending —xstate.error.actor.resend→ registration.emailSent.resendFailed').state.machine.value).toEqual({ emailSent: 'resendFailed' });
      const back = pathTaking('registration.emailSent —registration.edit→ registration.editing');
      expect(back.state.machine.context.values).toEqual(PATH_SIGNUP_VALUES);
    });

    it('a link opens at validating; accepted is verified ok, refused is verified error, no answer offers Retry', () => {
      expect(linkPaths[0].steps[0].state.machine.value).toBe('validating');
      expect(linkPaths[0].steps[0].state.machine.context.link).toEqual(PATH_LINK);
      expect(pathTaking('registration.validating —xstate.done.actor.validateLink [emailVerified]→ registration.verifiedOk', linkPaths).state.machine.status).toBe('done');
      expect(pathTaking('registration.validating —xstate.error.actor.validateLink [linkRefused]→ registration.verifiedError', linkPaths).state.machine.value).toBe('verifiedError');
      expect(pathTaking('registration.unreachable —registration.retry→ registration.validating', linkPaths).state.machine.value).toBe('validating');
    });
  });
});

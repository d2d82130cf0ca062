import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { PasswordResetError } from '../../src/api/identity';
import { passwordResetMachine, selectPasswordResetStep } from '../../src/machines/password-reset/machine';
import { deferred } from '../support/deferred';
import { executePath, pathTitle, type ExecutedPath } from '../support/path-runner';
import { coverage, firstPathTaking, generatePaths } from '../../src/machines/path-model/model';
import { PATH_NEW_PASSWORD, PATH_RESET_CODE, PATH_RESET_EMAIL, passwordResetPathModel } from '../../src/machines/password-reset/paths';

/**
 * The password-reset machine (issue 22): every generated path runs against a real actor, and
 * together they take every state and transition; then what the paths' ends hold — which link,
 * which account, the password kept only as long as it is needed.
 */
const paths = generatePaths(passwordResetPathModel);
const pathTaking = (label: string) => firstPathTaking(passwordResetMachine, paths, label);
const at = (label: string) => pathTaking(label).state.machine;

describe('password-reset machine: generated paths run against a real actor', () => {
  it.each(paths.map((path, index) => [pathTitle(path, index), path] as const))('%s', async (_, path) => {
    const executed = await executePath(passwordResetPathModel, path);
    expect(executed.steps).toHaveLength(path.steps.length);
  });

  it('together cover every state and every transition of the machine', async () => {
    const executed: ExecutedPath[] = [];
    for (const path of paths) executed.push(await executePath(passwordResetPathModel, path));
    const report = coverage(passwordResetMachine, executed);
    expect(report.stateNodes.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
    expect(report.stateNodes.total).toBe(12);
    expect(report.transitions.total).toBe(18);
    expect(report.complete).toBe(true);
  });
});

describe('password-reset machine: what each end holds', () => {
  it('a good link names its account and opens the form; the sign-in then uses that account and the new password, and forgets the password', () => {
    const choosing = at('passwordReset.verifying —xstate.done.actor.verifyLink→ passwordReset.choosing');
    expect(choosing.context).toEqual({ oobCode: PATH_RESET_CODE, email: PATH_RESET_EMAIL, password: '' });
    expect(choosing.hasTag('form')).toBe(true);
    const signingIn = at('passwordReset.saving —xstate.done.actor.savePassword→ passwordReset.signingIn');
    expect(signingIn.context).toEqual({ oobCode: PATH_RESET_CODE, email: PATH_RESET_EMAIL, password: PATH_NEW_PASSWORD });
    expect(signingIn.hasTag('form')).toBe(false);
    const signedIn = at('passwordReset.signingIn —xstate.done.actor.signIn→ passwordReset.signedIn');
    expect(signedIn.status).toBe('done');
    expect(signedIn.context.password).toBe('');
    const notSignedIn = at('passwordReset.signingIn —xstate.error.actor.signIn→ passwordReset.signInFailed');
    expect(notSignedIn.status).toBe('done');
    expect(notSignedIn.context).toMatchObject({ email: PATH_RESET_EMAIL, password: '' });
  });

  it('an expired, used or closed-account link ends the flow whether met checking it or saving; the password is not kept', () => {
    for (const actor of ['verifyLink', 'savePassword'] as const) {
      const from = actor === 'verifyLink' ? 'verifying' : 'saving';
      for (const [guard, target] of [
        ['linkExpired', 'linkExpired'],
        ['linkUsed', 'linkUsed'],
        ['accountClosed', 'accountClosed'],
      ] as const) {
        const end = at(`passwordReset.${from} —xstate.error.actor.${actor} [${guard}]→ passwordReset.${target}`);
        expect(selectPasswordResetStep(end)).toBe(target);
        expect(end.status).toBe('done');
        expect(end.context.password).toBe('');
      }
    }
  });

  it('a weak password and a provider out of reach keep the form; Retry after an outage sends the password it holds', () => {
    const weak = at('passwordReset.saving —xstate.error.actor.savePassword [weakPassword]→ passwordReset.weakPassword');
    expect(weak.hasTag('form')).toBe(true);
    expect(weak.context.password).toBe('');
    const down = at('passwordReset.saving —xstate.error.actor.savePassword→ passwordReset.saveUnreachable');
    expect(down.hasTag('form')).toBe(true);
    expect(down.context.password).toBe(PATH_NEW_PASSWORD);
    expect(selectPasswordResetStep(at('passwordReset.saveUnreachable —passwordReset.retry→ passwordReset.saving'))).toBe('saving');
    expect(selectPasswordResetStep(at('passwordReset.verifyUnreachable —passwordReset.retry→ passwordReset.verifying'))).toBe('verifying');
  });
});

describe('password-reset machine: the effects it asks for', () => {
  it('checks the link, saves with the code it came with, retries with the same password, and signs in as the account the provider named', async () => {
    const saves: Array<{ oobCode: string; password: string }> = [];
    const signIns: Array<{ email: string; password: string }> = [];
    const firstSave = deferred<void>();
    const actor = createActor(
      passwordResetMachine.provide({
        actors: {
          verifyLink: fromPromise(async ({ input }: { input: { oobCode: string } }): Promise<string> => (input.oobCode === 'the-code' ? 'Ana@Bakery.test' : 'nobody')),
          savePassword: fromPromise(async ({ input }: { input: { oobCode: string; password: string } }) => {
            saves.push(input);
            if (saves.length === 1) return firstSave.promise;
          }),
          signIn: fromPromise(async ({ input }: { input: { email: string; password: string } }) => {
            signIns.push(input);
          }),
        },
      }),
      { input: { oobCode: 'the-code' } },
    ).start();
    await waitFor(actor, (s) => s.matches('choosing'));
    actor.send({ type: 'passwordReset.submit', password: 'first-try-123' });
    firstSave.reject(new PasswordResetError('unavailable', 'auth/network-request-failed'));
    await waitFor(actor, (s) => s.matches('saveUnreachable'));
    actor.send({ type: 'passwordReset.retry' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(saves).toEqual([
      { oobCode: 'the-code', password: 'first-try-123' },
      { oobCode: 'the-code', password: 'first-try-123' },
    ]);
    expect(signIns).toEqual([{ email: 'Ana@Bakery.test', password: 'first-try-123' }]);
    expect(selectPasswordResetStep(actor.getSnapshot())).toBe('signedIn');
  });
});

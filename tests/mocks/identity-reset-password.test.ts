import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { snapshotDb, type OperatorRecord } from '../../mocks/db';
import { restoreSecrets, withoutSecrets } from '../../mocks/journal-file';
import { TEST_CONFIG } from '../../mocks/node';
import { scenarios } from '../../scenarios';
import { configureIdentity, confirmPasswordResetLink, PasswordResetError, verifyPasswordResetLink } from '../../src/api/identity';
import { copyOfDemoOperator, expireResetCode, mailedResetLink, oobCodeOf } from '../support/reset-links';
import { identitySignIn, identityUrl, postJson, setupTestBackend } from './support';

/**
 * The identity provider's password reset (issue 22), as Firebase answers it: accounts:sendOobCode
 * mails a one-use code that works for an hour; accounts:resetPassword checks it (`{ oobCode }`)
 * and spends it (`{ oobCode, newPassword }`), refusing in Firebase's envelope. Then the same
 * through the real Firebase SDK (src/api/identity.ts), which must read each refusal as the
 * auth/... code the console words.
 */
const backend = setupTestBackend();
const db = () => backend.current.db;

beforeAll(() => configureIdentity(TEST_CONFIG.firebase));
afterEach(() => backend.current.server.resetHandlers());

/** A fresh operator with the demo password 'before-1234', so tests do not share accounts. */
const anOperator = (overrides: Partial<OperatorRecord> = {}) => copyOfDemoOperator(db(), overrides);

const sendReset = (email: string) => postJson(identityUrl('sendOobCode'), { requestType: 'PASSWORD_RESET', email });
const resetPassword = (body: Record<string, unknown>) => postJson(identityUrl('resetPassword'), body);
const errorOf = async (response: Response) => ((await response.json()) as { error: { message: string } }).error.message;
const operatorById = (id: number) => db().operators.findFirst((q) => q.where({ id }))!;

/** Asks for a reset for `email` and reads the code out of the link the outbox received. */
async function linkCodeFor(email: string): Promise<string> {
  const url = new URL(await mailedResetLink(backend.current, email), 'https://console.test');
  expect(url.pathname).toBe('/auth/recovery');
  expect(url.searchParams.get('mode')).toBe('resetPassword');
  return oobCodeOf(url.href);
}

const expire = (code: string) => expireResetCode(db(), code);

describe('accounts:sendOobCode (PASSWORD_RESET)', () => {
  it('keeps a one-use code for an hour and mails Firebase’s action link to the console’s /auth/recovery', async () => {
    const operator = await anOperator();
    const code = await linkCodeFor(operator.email);
    const { link } = backend.current.devkit.outbox().at(-1)!;
    expect(link).toBe(`/auth/recovery?mode=resetPassword&oobCode=${code}&apiKey=${TEST_CONFIG.firebase.apiKey}&lang=${operator.preferences.language}`);
    const stored = db().oobCodes.findFirst((q) => q.where({ code }))!;
    expect(stored).toMatchObject({ requestType: 'PASSWORD_RESET', operatorId: operator.id, email: operator.email });
    expect(stored.expiresAt - stored.issuedAt).toBe(60 * 60 * 1000);
  });

  it('keeps no code for an address without an account (the answer is the same)', async () => {
    const before = db().oobCodes.count();
    expect((await sendReset('nobody.at.all@store.test')).status).toBe(200);
    expect(db().oobCodes.count()).toBe(before);
  });
});

describe('accounts:resetPassword', () => {
  it('{ oobCode } names the account without spending the code; { oobCode, newPassword } sets the password as a hash and spends it', async () => {
    const operator = await anOperator();
    const code = await linkCodeFor(operator.email);

    for (let i = 0; i < 2; i++) {
      const checked = await resetPassword({ oobCode: code });
      expect(checked.status).toBe(200);
      expect(await checked.json()).toEqual({ kind: 'identitytoolkit#ResetPasswordResponse', email: operator.email, requestType: 'PASSWORD_RESET' });
    }

    const saved = await resetPassword({ oobCode: code, newPassword: 'after-5678' });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ kind: 'identitytoolkit#ResetPasswordResponse', email: operator.email, requestType: 'PASSWORD_RESET' });
    const updated = operatorById(operator.id);
    expect(updated.password).toBeUndefined();
    expect(updated.passwordHash).toMatch(/^pbkdf2-sha256\$/);
    expect(JSON.stringify(updated)).not.toContain('after-5678');
    expect(db().oobCodes.findFirst((q) => q.where({ code }))).toBeUndefined();

    expect((await identitySignIn(operator.email, 'before-1234')).status).toBe(400);
    expect((await identitySignIn(operator.email, 'after-5678')).status).toBe(200);

    // Used up: checking it or using it again is refused.
    for (const body of [{ oobCode: code }, { oobCode: code, newPassword: 'again-9012' }]) {
      const again = await resetPassword(body);
      expect(again.status).toBe(400);
      expect(await errorOf(again)).toBe('INVALID_OOB_CODE');
    }
  });

  it('a new password ends the account’s other sign-ins (its refresh tokens are revoked)', async () => {
    const operator = await anOperator();
    expect((await identitySignIn(operator.email, 'before-1234')).status).toBe(200);
    expect(db().refreshTokens.findMany((q) => q.where({ operatorId: operator.id }))).toHaveLength(1);
    const code = await linkCodeFor(operator.email);
    expect((await resetPassword({ oobCode: code, newPassword: 'after-5678' })).status).toBe(200);
    expect(db().refreshTokens.findMany((q) => q.where({ operatorId: operator.id }))).toEqual([]);
  });

  it('refuses in Firebase’s envelope: unknown, expired, short password (the code is kept), disabled and removed accounts, no code, no API key', async () => {
    const unknown = await resetPassword({ oobCode: 'not-a-code-we-issued' });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({
      error: { code: 400, message: 'INVALID_OOB_CODE', errors: [{ message: 'INVALID_OOB_CODE', domain: 'global', reason: 'invalid' }] },
    });

    const late = await anOperator();
    const lateCode = await linkCodeFor(late.email);
    await expire(lateCode);
    for (const body of [{ oobCode: lateCode }, { oobCode: lateCode, newPassword: 'after-5678' }]) expect(await errorOf(await resetPassword(body))).toBe('EXPIRED_OOB_CODE');

    const short = await anOperator();
    const shortCode = await linkCodeFor(short.email);
    const weak = await resetPassword({ oobCode: shortCode, newPassword: '12345' });
    expect(weak.status).toBe(400);
    expect(await errorOf(weak)).toBe('WEAK_PASSWORD : Password should be at least 6 characters');
    expect(operatorById(short.id).password).toBe('before-1234');
    expect((await resetPassword({ oobCode: shortCode, newPassword: '123456' })).status).toBe(200);

    const disabled = await anOperator();
    const disabledCode = await linkCodeFor(disabled.email);
    await db().operators.update((q) => q.where({ id: disabled.id }), {
      data(draft) {
        draft.disabled = true;
      },
    });
    for (const body of [{ oobCode: disabledCode }, { oobCode: disabledCode, newPassword: 'after-5678' }]) expect(await errorOf(await resetPassword(body))).toBe('USER_DISABLED');
    // A disabled account cannot sign in either.
    expect(await errorOf(await identitySignIn(disabled.email, 'before-1234'))).toBe('USER_DISABLED');

    const removed = await anOperator();
    const removedCode = await linkCodeFor(removed.email);
    db().operators.delete((q) => q.where({ id: removed.id }));
    expect(await errorOf(await resetPassword({ oobCode: removedCode }))).toBe('EMAIL_NOT_FOUND');

    expect(await errorOf(await resetPassword({}))).toBe('MISSING_OOB_CODE');
    const keyless = await postJson('https://identitytoolkit.googleapis.com/v1/accounts:resetPassword', { oobCode: shortCode });
    expect(keyless.status).toBe(400);
  });

  it('names its faults like the other identity calls', async () => {
    const operator = await anOperator();
    const code = await linkCodeFor(operator.email);
    backend.current.faults.fail('POST identitytoolkit/v1/accounts:resetPassword', 503, { times: 1 });
    expect((await resetPassword({ oobCode: code })).status).toBe(503);
    expect((await resetPassword({ oobCode: code })).status).toBe(200);
  });
});

const outcomeOf = <T,>(promise: Promise<T>) =>
  promise.then(
    (value) => ({ resolved: value }),
    (error: unknown) => ({ rejected: error instanceof PasswordResetError ? error.reason : String(error) }),
  );

describe('the real Firebase SDK against it (src/api/identity.ts)', () => {
  it('verifies a link to its account’s e-mail and saves the new password with it', async () => {
    const operator = await anOperator();
    const code = await linkCodeFor(operator.email);
    expect(await outcomeOf(verifyPasswordResetLink(code))).toEqual({ resolved: operator.email });
    expect(await outcomeOf(confirmPasswordResetLink(code, 'after-5678'))).toEqual({ resolved: undefined });
    expect((await identitySignIn(operator.email, 'after-5678')).status).toBe(200);
    expect(await outcomeOf(confirmPasswordResetLink(code, 'after-5678'))).toEqual({ rejected: 'invalid' });
  });

  it('reads each refusal as the reason the page words: expired, invalid, account, weak password, unreachable', async () => {
    expect(await outcomeOf(verifyPasswordResetLink('not-a-code-we-issued'))).toEqual({ rejected: 'invalid' });

    const late = await anOperator();
    const lateCode = await linkCodeFor(late.email);
    await expire(lateCode);
    expect(await outcomeOf(verifyPasswordResetLink(lateCode))).toEqual({ rejected: 'expired' });

    const disabled = await anOperator({ disabled: true });
    // The e-mail still goes out (as Firebase sends it); using its link is what is refused.
    const disabledCode = await linkCodeFor(disabled.email);
    expect(await outcomeOf(verifyPasswordResetLink(disabledCode))).toEqual({ rejected: 'account' });

    const removed = await anOperator();
    const removedCode = await linkCodeFor(removed.email);
    db().operators.delete((q) => q.where({ id: removed.id }));
    expect(await outcomeOf(confirmPasswordResetLink(removedCode, 'after-5678'))).toEqual({ rejected: 'account' });

    const short = await anOperator();
    const shortCode = await linkCodeFor(short.email);
    expect(await outcomeOf(confirmPasswordResetLink(shortCode, '12345'))).toEqual({ rejected: 'weakPassword' });

    backend.current.faults.fail('POST identitytoolkit/v1/accounts:resetPassword', 'offline', { times: 1 });
    expect(await outcomeOf(verifyPasswordResetLink(shortCode))).toEqual({ rejected: 'unavailable' });
    expect(await outcomeOf(verifyPasswordResetLink(shortCode))).toEqual({ resolved: short.email });
  });
});

describe('the journal export file', () => {
  it('carries no reset code, and an imported outbox’s reset link is one the provider never issued', async () => {
    const operator = await anOperator();
    const code = await linkCodeFor(operator.email);
    const exported = withoutSecrets(snapshotDb(db(), Date.now()));
    expect(exported.collections.oobCodes).toEqual([]);
    expect(JSON.stringify(exported)).not.toContain(code);

    const imported = await restoreSecrets(exported, scenarios.default);
    const links = (imported.collections.outbox as Array<{ kind: string; link: string }>).filter((m) => m.kind === 'passwordReset').map((m) => m.link);
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) {
      expect(link).toMatch(/^\/auth\/recovery\?mode=resetPassword&oobCode=[0-9a-f]+$/);
      expect(link).not.toContain(code);
    }
  });
});

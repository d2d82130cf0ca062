import { nextId, type Db, type OperatorRecord } from '../../mocks/db';
import { PASSWORD_RESET_CODE_TTL_MS } from '../../mocks/identity';
import type { TestBackend } from '../../mocks/node';
import { identityUrl, postJson } from '../mocks/support';

/**
 * Password-reset links for tests (issue 22): accounts of their own, so one test changing a
 * password leaves the others' sign-ins alone, and the links the mock identity provider mails.
 */

/** A new operator: a copy of the demo one (same stores and roles) with its own e-mail and demo password. */
export async function copyOfDemoOperator(db: Db, overrides: Partial<OperatorRecord> = {}): Promise<OperatorRecord> {
  const demo = JSON.parse(JSON.stringify(db.operators.findFirst((q) => q.where({ email: 'demo@store.test' }))!)) as OperatorRecord;
  const id = nextId(db.operators.all() as Array<{ id: number }>);
  const { passwordHash: _none, ...rest } = demo;
  return db.operators.create({ ...rest, id, uid: `reset-uid-${id}`, email: `reset.${id}@store.test`, password: 'before-1234', ...overrides });
}

/** Asks the provider for a reset e-mail to `email` and returns the link it mailed (a console path). */
export async function mailedResetLink(backend: TestBackend, email: string): Promise<string> {
  const response = await postJson(identityUrl('sendOobCode'), { requestType: 'PASSWORD_RESET', email });
  if (!response.ok) throw new Error(`sendOobCode failed: ${response.status}`);
  return backend.devkit.outbox().findLast((m) => m.kind === 'passwordReset' && m.to === email)!.link;
}

export const oobCodeOf = (link: string): string => new URL(link, 'https://console.test').searchParams.get('oobCode') ?? '';

/** Makes a code an hour and a minute old: past Firebase's hour. */
export async function expireResetCode(db: Db, code: string): Promise<void> {
  const issuedAt = Date.now() - PASSWORD_RESET_CODE_TTL_MS - 60_000;
  await db.oobCodes.update((q) => q.where({ code }), {
    data(draft) {
      draft.issuedAt = issuedAt;
      draft.expiresAt = issuedAt + PASSWORD_RESET_CODE_TTL_MS;
    },
  });
}

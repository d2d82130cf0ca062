import type { Db } from './db';

/**
 * The scenario's operators as accounts of an identity provider that speaks the Firebase Auth
 * emulator's REST API (the real emulator from firebase-tools, in the live journeys and the
 * rehearsal). The emulator issues the ID tokens; the platform mock accepts them because each
 * account has the operator's uid (`localId`) and the mock's identity project is the emulator's.
 *
 * Uses the emulator's own admin surface: `Authorization: Bearer owner` is what the emulator takes
 * as admin credentials, which lets an account be created with a chosen `localId`.
 */
export interface EmulatorAccount {
  uid: string;
  email: string;
  password: string;
  displayName: string;
}

/** Operators with a published password (seeded ones); accounts made by sign-up keep only a hash. */
export function emulatorAccountsOf(db: Db): EmulatorAccount[] {
  return db.operators
    .all()
    .filter((operator) => operator.password !== undefined)
    .map((operator) => ({ uid: operator.uid, email: operator.email, password: operator.password!, displayName: operator.name_op }));
}

/**
 * Makes each of `accounts` exist in the emulator's project with its password: updated where it
 * exists (a password changed by a recovery journey is set back), created where it does not.
 * Other accounts are left alone, so two mock servers can share one emulator.
 */
export async function provisionEmulatorAccounts(emulatorUrl: string, projectId: string, accounts: EmulatorAccount[]): Promise<void> {
  const base = `${emulatorUrl.replace(/\/+$/, '')}/identitytoolkit.googleapis.com/v1/projects/${encodeURIComponent(projectId)}`;
  const admin = { Authorization: 'Bearer owner', 'Content-Type': 'application/json' };
  for (const account of accounts) {
    const body = JSON.stringify({ localId: account.uid, email: account.email, password: account.password, displayName: account.displayName, emailVerified: true });
    const updated = await reach(fetch(`${base}/accounts:update`, { method: 'POST', headers: admin, body }), `update ${account.email}`);
    if (updated.ok) continue;
    const refusal = await updated.text();
    if (!refusal.includes('USER_NOT_FOUND')) throw new Error(`The identity emulator could not update ${account.email}: HTTP ${updated.status} ${refusal}`);
    const created = await reach(fetch(`${base}/accounts`, { method: 'POST', headers: admin, body }), `create ${account.email}`);
    if (!created.ok) throw new Error(`The identity emulator could not create ${account.email}: HTTP ${created.status} ${await created.text()}`);
  }
}

async function reach(request: Promise<Response>, what: string): Promise<Response> {
  try {
    return await request;
  } catch (error) {
    throw new Error(`The identity emulator could not ${what}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}

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

/** Replaces every account of the emulator's project with `accounts`. */
export async function provisionEmulatorAccounts(emulatorUrl: string, projectId: string, accounts: EmulatorAccount[]): Promise<void> {
  const base = emulatorUrl.replace(/\/+$/, '');
  const admin = { Authorization: 'Bearer owner', 'Content-Type': 'application/json' };
  await expectOk(fetch(`${base}/emulator/v1/projects/${encodeURIComponent(projectId)}/accounts`, { method: 'DELETE' }), 'clear its accounts');
  for (const account of accounts) {
    await expectOk(
      fetch(`${base}/identitytoolkit.googleapis.com/v1/projects/${encodeURIComponent(projectId)}/accounts`, {
        method: 'POST',
        headers: admin,
        body: JSON.stringify({ localId: account.uid, email: account.email, password: account.password, displayName: account.displayName, emailVerified: true }),
      }),
      `create ${account.email}`,
    );
  }
}

async function expectOk(request: Promise<Response>, what: string): Promise<void> {
  let response: Response;
  try {
    response = await request;
  } catch (error) {
    throw new Error(`The identity emulator could not ${what}: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!response.ok) throw new Error(`The identity emulator could not ${what}: HTTP ${response.status} ${await response.text()}`);
}

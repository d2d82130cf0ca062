import { beforeAll, describe, expect, it } from 'vitest';
import { counterOperator } from '../../scenarios/default';
import { RESTRICTED_OPERATIONS, ROLES, type RestrictedOperation } from '../../src/api/permissions';
import { API, DEMO, identitySignIn, postJson, setupTestBackend, storeCall } from './support';

/**
 * The platform's side of the role table (src/api/permissions.ts, issue 23): a session acting as a
 * store operator is refused every operation the table keeps for other roles, with 403 and a
 * message; an administrator is not; and the store profile, which operators' screens need, comes
 * without its secret fields. The table is iterated, so a new entry is covered here at once.
 */
const backend = setupTestBackend();

interface Signed {
  token: string;
  storeId: number;
  role: string;
}

async function signIn(email: string, password: string): Promise<Signed> {
  const { idToken } = (await (await identitySignIn(email, password)).json()) as { idToken: string };
  const response = await postJson(`${API}/stores/signin`, { idToken });
  expect(response.status).toBe(200);
  const grant = (await response.json()) as { token: string; user: { store: { id: number }; operator: { role: string } } };
  return { token: grant.token, storeId: grant.user.store.id, role: grant.user.operator.role };
}

/** The operation as a request: its placeholder is the session's store; a POST carries an empty JSON body. */
function call(operation: RestrictedOperation, who: Signed): Promise<Response> {
  const [method, path] = operation.split(' ');
  const init: RequestInit = { method };
  if (method === 'POST') init.body = '{}';
  return storeCall(path.replace('{id}', String(who.storeId)), who.token, init);
}

const operations = Object.keys(RESTRICTED_OPERATIONS) as RestrictedOperation[];

let operator: Signed;
let admin: Signed;
beforeAll(async () => {
  operator = await signIn(counterOperator.email, counterOperator.password!);
  admin = await signIn(DEMO.email, DEMO.password);
});

describe('the role table on the mock server', () => {
  it('signs in the scenario operator acting as a store operator, and the demo operator as an administrator', () => {
    expect(operator.role).toBe(ROLES.operator);
    expect(admin.role).toBe(ROLES.admin);
    expect(operations.length).toBeGreaterThan(0);
  });

  it.each(operations)('%s: a store operator is refused with 403 and a message saying who may', async (operation) => {
    const before = JSON.stringify(backend.current.devkit.records('stores'));
    const response = await call(operation, operator);
    expect(response.status).toBe(403);
    const body = (await response.json()) as { message?: string };
    expect(body.message).toBe(`Only a store administrator may ${RESTRICTED_OPERATIONS[operation].action}.`);
    // Nothing changed on the server.
    expect(JSON.stringify(backend.current.devkit.records('stores'))).toBe(before);
  });

  it.each(operations)('%s: an administrator is not refused', async (operation) => {
    const response = await call(operation, admin);
    expect(response.status).not.toBe(403);
  });

  it('an administrator reads the devices and the profile with its API key (200)', async () => {
    const devices = await call('POST /stores/profile/devices', admin);
    expect(devices.status).toBe(200);
    const profile = await storeCall(`/stores/profile/${admin.storeId}`, admin.token);
    expect(profile.status).toBe(200);
    expect(((await profile.json()) as { apiKey?: string }).apiKey).toEqual(expect.any(String));
  });

  it('GET /stores/profile/{id}: a store operator gets the profile without the API key', async () => {
    const response = await storeCall(`/stores/profile/${operator.storeId}`, operator.token);
    expect(response.status).toBe(200);
    const profile = (await response.json()) as Record<string, unknown>;
    expect(profile).not.toHaveProperty('apiKey');
    expect(profile).toMatchObject({ id: operator.storeId, color: expect.any(String) });
  });

  it('a call without a session is still a 401, not a 403', async () => {
    const response = await storeCall('/stores/profile/devices/apikey', undefined, { method: 'POST', body: '{}' });
    expect(response.status).toBe(401);
  });
});

// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type MockServer } from '../../mocks/http-server';
import { DEMO } from './support';

/**
 * `npm run mock:server -- --shape spec-minimal` over real HTTP on 127.0.0.1 (nothing intercepted
 * in this file): platform answers lose every field the spec does not name, the identity provider's
 * and the dev kit's answers stay whole, and the default shape still sends the mock's full records.
 */
const servers: { minimal?: MockServer; full?: MockServer } = {};

beforeAll(async () => {
  servers.minimal = await startMockServer({ port: 0, scenario: 'default', shape: 'spec-minimal' });
  servers.full = await startMockServer({ port: 0, scenario: 'default' });
});
afterAll(async () => {
  await servers.minimal?.close();
  await servers.full?.close();
});

const postJson = (base: string, path: string, body: unknown) =>
  fetch(`${base}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

interface SignedIn {
  token: string;
  user: { operator: Record<string, unknown>; store: Record<string, unknown> };
}

async function signIn(server: MockServer): Promise<SignedIn & { identity: Record<string, unknown> }> {
  const identityAnswer = await postJson(server.url, '/identitytoolkit/v1/accounts:signInWithPassword?key=mock-api-key', { ...DEMO, returnSecureToken: true });
  expect(identityAnswer.status).toBe(200);
  const identity = (await identityAnswer.json()) as Record<string, unknown> & { idToken: string };
  const signin = await postJson(server.url, '/stores/signin', { idToken: identity.idToken });
  expect(signin.status).toBe(200);
  return { ...((await signin.json()) as SignedIn), identity };
}

const getJson = async <T,>(server: MockServer, path: string, token: string): Promise<T> => {
  const response = await fetch(`${server.url}${path}`, { headers: { 'X-Access-Token': token } });
  expect(response.status).toBe(200);
  return (await response.json()) as T;
};

describe('mock:server --shape spec-minimal', () => {
  it('signs in without the operator’s role, id and first name, or the store’s id and avatar; the identity answer stays whole', async () => {
    const minimal = await signIn(servers.minimal!);
    expect(minimal.user.operator).not.toHaveProperty('role');
    expect(minimal.user.operator).not.toHaveProperty('id');
    expect(minimal.user.operator).not.toHaveProperty('first_name');
    expect(minimal.user.operator).toMatchObject({ email: DEMO.email, rolesList: { roles: ['STORE_ADMIN'] }, currentAccount: 101 });
    expect(Object.keys(minimal.user.store).sort()).toEqual(['lat', 'lon', 'name']);
    // Not a platform answer: the identity provider's fields are all there.
    expect(minimal.identity).toMatchObject({ idToken: expect.any(String), refreshToken: expect.any(String), localId: expect.any(String), email: DEMO.email });

    const full = await signIn(servers.full!);
    expect(full.user.operator).toMatchObject({ role: 'STORE_ADMIN', id: 1, first_name: 'Alex' });
    expect(full.user.store).toMatchObject({ id: 101 });
  });

  it('answers orders without pickup_until, store_id and the consumer’s id, keeping pickup_date', async () => {
    const { token } = await signIn(servers.minimal!);
    const { data } = await getJson<{ data: Array<Record<string, unknown> & { consumer: object; offersOrdered: Array<{ offer: object }> }> }>(servers.minimal!, '/stores/101/orders', token);
    expect(data.length).toBeGreaterThan(10);
    for (const order of data) {
      expect(order).not.toHaveProperty('pickup_until');
      expect(order).not.toHaveProperty('store_id');
      expect(order.consumer).not.toHaveProperty('id');
      expect(order.offersOrdered.every((line) => !('id' in line.offer))).toBe(true);
      expect(order).toHaveProperty('pickup_date');
    }
    const waiting = data.find((order) => order.status === 0)!;
    expect(waiting.pickup_date).toEqual(expect.any(Number));

    const fullToken = (await signIn(servers.full!)).token;
    const full = await getJson<{ data: Array<Record<string, unknown>> }>(servers.full!, '/stores/101/orders', fullToken);
    expect(full.data[0]).toHaveProperty('pickup_until');
    expect(full.data[0]).toHaveProperty('store_id');
  });

  it('answers notifications without read, and a store profile without its business info', async () => {
    const { token } = await signIn(servers.minimal!);
    const profile = await getJson<Record<string, unknown> & { notifications: Array<Record<string, unknown>>; devices: Array<Record<string, unknown>> }>(
      servers.minimal!,
      '/stores/profile/101',
      token,
    );
    expect(profile.notifications.length).toBeGreaterThan(0);
    expect(profile.notifications.every((notification) => !('read' in notification))).toBe(true);
    expect(profile.devices.every((device) => Object.keys(device).length === 0)).toBe(true);
    expect(profile).not.toHaveProperty('description');
    expect(profile).toMatchObject({ apiKey: expect.any(String), color: expect.stringMatching(/^#/), special_terms: { accept_date: expect.anything() } });
    expect(profile.special_terms).not.toHaveProperty('text');

    const fullToken = (await signIn(servers.full!)).token;
    const full = await getJson<{ notifications: Array<Record<string, unknown>>; description: string }>(servers.full!, '/stores/profile/101', fullToken);
    expect(full.notifications[0]).toHaveProperty('read');
    expect(typeof full.description).toBe('string');
  });

  it('leaves the dev kit alone', async () => {
    const records = (await (await fetch(`${servers.minimal!.url}/__devkit/records/orders`)).json()) as Array<Record<string, unknown>>;
    expect(records[0]).toHaveProperty('pickup_until');
    expect(records[0]).toHaveProperty('store_id');
  });
});

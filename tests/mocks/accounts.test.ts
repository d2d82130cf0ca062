import { describe, expect, it } from 'vitest';
import { AccountListSchema, SwitchAccountResponseSchema } from '../../src/api/accounts';
import { SessionGrantSchema } from '../../src/api/session';
import { StoreProfileWireSchema } from '../../src/api/stores';
import { API, idTokenFor, postJson, sessionToken, storeCall, setupTestBackend } from './support';

const backend = setupTestBackend({ scenario: 'multi-account' });

const chacc = (token: string, body: unknown) => storeCall('/stores/operator/chacc', token, { method: 'POST', body: JSON.stringify(body) });

describe('multi-account: POST /stores/operator/chacc', () => {
  it('lists the three stores for the switcher', async () => {
    const page = AccountListSchema.parse(await (await storeCall('/stores/accounts?scope=operator&limit=10&offset=0', await sessionToken())).json());
    expect(page.data.map((a) => a.store_name).sort()).toEqual(['Forn de la Llotja', 'Fruiteria del Born', 'Obrador Lavapiés']);
  });

  it('switches the operator to another store, persists it and scopes later calls to it', async () => {
    const token = await sessionToken();
    const response = await chacc(token, { currentAccount: 101, newAccount: 103 });
    expect(response.status).toBe(200);
    const { user } = SwitchAccountResponseSchema.parse(await response.json());
    expect(user.operator.currentAccount).toBe(103);
    expect(user.store).toMatchObject({ id: 103, name: 'Fruiteria del Born' });
    expect(user.operator.rolesList.roles).toEqual(['STORE_ADMIN', 'STORE_OPERATOR']);

    // The server holds the change: the same session now acts on store 103...
    expect(backend.current.db.operators.findFirst((q) => q.where({ email: 'demo@store.test' }))?.currentAccount).toBe(103);
    const profile = StoreProfileWireSchema.parse(await (await storeCall('/stores/profile/103', token)).json());
    expect(profile.name).toBe('Fruiteria del Born');
    expect((await storeCall('/stores/profile/101', token)).status).toBe(403);
    // ...and a new sign-in starts there.
    const grant = SessionGrantSchema.parse(await (await postJson(`${API}/stores/signin`, { idToken: await idTokenFor() })).json());
    expect(grant.user.store.id).toBe(103);

    const back = await chacc(token, { currentAccount: 103, newAccount: 101 });
    expect(back.status).toBe(200);
  });

  it('answers 400 when currentAccount is not the current one', async () => {
    const response = await chacc(await sessionToken(), { currentAccount: 102, newAccount: 103 });
    expect(response.status).toBe(400);
    await expect(response.json()).resolves.toEqual({ message: "currentAccount 102 is not the operator's current account" });
  });

  it('answers 403 for a store that is not one of the operator’s accounts', async () => {
    const response = await chacc(await sessionToken(), { currentAccount: 101, newAccount: 999 });
    expect(response.status).toBe(403);
    expect(backend.current.db.operators.findFirst((q) => q.where({ email: 'demo@store.test' }))?.currentAccount).toBe(101);
  });

  it('answers 400 for an invalid body and 401 without a session', async () => {
    const invalid = await chacc(await sessionToken(), { currentAccount: '101' });
    expect(invalid.status).toBe(400);
    expect(((await invalid.json()) as { message: string }).message).toMatch(/^currentAccount: /);
    const anonymous = await storeCall('/stores/operator/chacc', undefined, { method: 'POST', body: JSON.stringify({ currentAccount: 101, newAccount: 102 }) });
    expect(anonymous.status).toBe(401);
  });
});

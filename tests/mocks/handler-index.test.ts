import { getResponse, http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { indexHandlers, literalPrefixOf } from '../../mocks/handler-index';

const API = 'https://api.test';
const answer = (name: string) => () => HttpResponse.json({ name });
const nameOf = async (response: Response | undefined) => (response ? ((await response.json()) as { name: string }).name : undefined);
const ask = (handlers: Parameters<typeof getResponse>[0], method: string, path: string) => getResponse(handlers, new Request(`${API}${path}`, { method })).then(nameOf);

describe('indexHandlers (one front handler instead of ~150 tries per request)', () => {
  const original = [
    http.get(`${API}/stores/home`, answer('home')),
    http.get(`${API}/stores/offers/:status`, answer('offers by status')),
    http.put(`${API}/stores/offers`, answer('save offer')),
    http.get(`${API}/stores/:id/orders`, answer('orders of a store')),
    http.all(`${API}/stores/ping`, answer('ping, any method')),
    http.get(/\/anything\/goes$/, answer('a RegExp path')),
    http.get(`${API}/stores/:id/orders`, answer('never: a later duplicate')),
  ];
  const indexed = indexHandlers(original);

  it('answers every request exactly as the handlers in order do, first match first', async () => {
    const requests: Array<[string, string]> = [
      ['GET', '/stores/home'],
      ['GET', '/stores/offers/active'],
      ['PUT', '/stores/offers'],
      ['GET', '/stores/7/orders'],
      ['GET', '/stores/home/orders'],
      ['DELETE', '/stores/ping'],
      ['GET', '/x/anything/goes'],
      ['POST', '/stores/home'],
      ['GET', '/nowhere'],
    ];
    for (const [method, path] of requests) expect(await ask(indexed, method, path), `${method} ${path}`).toBe(await ask(original, method, path));
    expect(await ask(indexed, 'GET', '/stores/7/orders')).toBe('orders of a store');
    expect(await ask(indexed, 'POST', '/stores/home')).toBeUndefined();
  });

  it('tries only the handlers that could match: the method and the literal start of the path', async () => {
    const tried = vi.fn<(name: string) => void>();
    const spying = (name: string) => () => {
      tried(name);
      return undefined;
    };
    const handlers = indexHandlers([
      http.get(`${API}/stores/home`, spying('home')),
      http.post(`${API}/stores/offers`, spying('post offers')),
      http.get(`${API}/stores/offers/:status`, spying('offers by status')),
      http.get(`https://other.test/stores/offers/:status`, spying('another host')),
    ]);
    await getResponse(handlers, new Request(`${API}/stores/offers/active`));
    expect(tried.mock.calls).toEqual([['offers by status']]);
  });

  it('answers 400 { message } for a path whose percent-escapes do not decode, instead of throwing (issue #23)', async () => {
    for (const path of ['/stores/offers/%ff', '/stores/offers/%ZZ', '/stores/home%E0%A4%A']) {
      const response = await getResponse(indexed, new Request(`${API}${path}`));
      expect(response?.status).toBe(400);
      expect(await response?.json()).toEqual({ message: expect.stringContaining('percent') });
    }
  });
});

describe('the literal start of a handler path', () => {
  it('runs past the scheme and a port: only a parameter, a wildcard or an escape ends it', () => {
    expect(literalPrefixOf('https://api.store-platform.test/stores/offers/:id')).toBe('https://api.store-platform.test/stores/offers/');
    expect(literalPrefixOf('http://127.0.0.1:4010/stores/trucks/:status')).toBe('http://127.0.0.1:4010/stores/trucks/');
    expect(literalPrefixOf('https://identitytoolkit.googleapis.com/v1/accounts\\:lookup')).toBe('https://identitytoolkit.googleapis.com/v1/accounts');
    expect(literalPrefixOf('https://maps.test/*')).toBe('https://maps.test/');
  });
});

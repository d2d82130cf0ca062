import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createHandlers } from '../../mocks/handlers';
import { createNodeBackend } from '../../mocks/node';
import {
  SPEC_OPERATIONS,
  SPEC_RESOURCES,
  applyMask,
  frameResources,
  operationMask,
  operationOf,
  renderOperationsTable,
  renderSpecFieldsTable,
  resourceMask,
  type ResourceName,
  type SpecOperation,
} from '../../mocks/spec-shape';

/** mocks/spec-shape.ts: the one list of the fields the spec names, and what the docs say of it. */
const resources = Object.keys(SPEC_RESOURCES) as ResourceName[];
const operations = Object.keys(SPEC_OPERATIONS) as SpecOperation[];

describe('the spec-fields table (docs/spec-fields.md)', () => {
  // The working directory is the project's root (vitest.config.ts).
  const doc = readFileSync('docs/spec-fields.md', 'utf8');

  it('is the table of mocks/spec-shape.ts, resource by resource and operation by operation', () => {
    expect(doc).toContain(renderSpecFieldsTable());
    expect(doc).toContain(renderOperationsTable());
  });

  it('names every resource once, each nested one is a resource, and every resource is answered somewhere', () => {
    const nestedNames = resources.flatMap((name) => Object.values((SPEC_RESOURCES[name] as { nested?: Record<string, string> }).nested ?? {}));
    expect(nestedNames.filter((nested) => !resources.includes(nested as ResourceName))).toEqual([]);
    const answered = new Set([...operations.flatMap((operation) => frameResources(SPEC_OPERATIONS[operation])), ...nestedNames]);
    expect(resources.filter((name) => !answered.has(name))).toEqual([]);
    // A field is required or optional, never both.
    for (const name of resources) {
      const { required, optional } = SPEC_RESOURCES[name] as { required: readonly string[]; optional: Record<string, string> };
      expect({ name, both: required.filter((field) => field in optional) }).toEqual({ name, both: [] });
    }
  });
});

describe('which operation a request is', () => {
  it.each([
    ['GET', '/stores/home', 'GET /stores/home'],
    ['GET', '/stores/trucks/active', 'GET /stores/trucks/{status}'],
    ['GET', '/stores/trucks/7', 'GET /stores/trucks/{id}'],
    ['GET', '/stores/orders/summary', 'GET /stores/orders/summary'],
    ['GET', '/stores/orders/20001', 'GET /stores/orders/{id}'],
    ['GET', '/stores/101/orders', 'GET /stores/{id}/orders'],
    ['POST', '/users/login', 'POST users/login'],
    ['POST', '/stores/offers/media', 'POST /stores/offers/media'],
    ['POST', '/stores/offers', 'POST /stores/offers'],
    ['PUT', '/stores/signup/validate/a%40b.test/tok', 'PUT /stores/signup/validate/{a}/{b}'],
  ] as const)('%s %s is %s', (method, path, operation) => {
    expect(operationOf(method, path)).toBe(operation);
  });

  it('knows no summary download (a CSV) and no unknown path', () => {
    expect(operationOf('GET', '/stores/orders/summary_pdf/101')).toBeUndefined();
    expect(operationOf('GET', '/stores/nothing/here')).toBeUndefined();
    expect(operationOf('DELETE', '/stores/home')).toBeUndefined();
  });

  it('has an entry for every platform route the mock answers with JSON', async () => {
    const backend = await createNodeBackend();
    const base = backend.ctx.apiBaseUrl;
    const routes = createHandlers(backend.ctx)
      .map((handler) => ({ method: String(handler.info.method).toUpperCase(), path: String(handler.info.path) }))
      .filter(({ path }) => path.startsWith(`${base}/`))
      .map(({ method, path }) => `${method} ${path.slice(base.length)}`);
    expect(routes.length).toBeGreaterThan(55);
    const unknown = routes.filter((route) => {
      const [method, path] = route.split(' ');
      // A path parameter as a platform id (digits): the shape both {id} and {status} take.
      return operationOf(method, path.replaceAll(/:[A-Za-z]+/g, '7')) === undefined;
    });
    expect(unknown).toEqual(['GET /stores/orders/summary_pdf/:id']);
  });
});

describe('masks', () => {
  it('keeps the named fields of a nested resource and the elements of a list', () => {
    expect(resourceMask('order')).toMatchObject({
      id: true,
      store: { name: true, address: { address_print: true } },
      consumer: { name: true, email: true, phone: true },
      offersOrdered: [{ id: true, quantityOrdered: true, offer: { name: true, unit_price: true } }],
    });
    const store = resourceMask('storeProfile') as unknown as { special_terms: object; devices: object[]; notifications: object[] };
    expect(store.special_terms).toEqual({ accept_date: true });
    expect(store.devices).toEqual([{}]);
    expect(store.notifications).toEqual([{ id: true, type: true, title: true, created_at: true, click_action: true }]);
    expect(operationMask('GET /stores/orders/payments')).toEqual({ data: [{ audit_creation_date: true, audit_update_date: true }], limit: true, offset: true, total: true });
  });

  it('drops every other field, keeps null and leaves absent fields absent', () => {
    const order = {
      id: 1,
      store_id: 101,
      status: 0,
      pickup_date: 100,
      pickup_until: 100,
      review: null,
      consumer: { id: 9, name: 'Ana', email: 'a@b.test', phone: '1', vip: true },
      offersOrdered: [{ id: 11, quantityOrdered: 2, offer: { id: 7, name: 'Bag', unit_price: 3 } }],
      extra: { anything: 1 },
    };
    expect(applyMask(order, resourceMask('order'))).toEqual({
      id: 1,
      status: 0,
      pickup_date: 100,
      review: null,
      consumer: { name: 'Ana', email: 'a@b.test', phone: '1' },
      offersOrdered: [{ id: 11, quantityOrdered: 2, offer: { name: 'Bag', unit_price: 3 } }],
    });
    expect(applyMask({ data: [order], limit: 10, offset: 0, total: 1, next: 'x' }, operationMask('POST /stores/orders/pagination/filters'))).toMatchObject({
      data: [{ id: 1 }],
      limit: 10,
      offset: 0,
      total: 1,
    });
    expect(applyMask({ ok: true }, operationMask('DELETE /stores/offers/{id}'))).toEqual({});
    expect(applyMask([{ id: 3, name: 'Van' }], operationMask('GET /stores/trucks/{status}'))).toEqual([{ id: 3 }]);
  });
});

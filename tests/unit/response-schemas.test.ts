import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import * as accounts from '../../src/api/accounts';
import * as codecs from '../../src/api/codecs';
import * as crmSync from '../../src/api/crm-sync';
import * as finance from '../../src/api/finance';
import * as logistics from '../../src/api/logistics';
import * as lookups from '../../src/api/lookups';
import * as management from '../../src/api/management';
import * as offers from '../../src/api/offers';
import * as orders from '../../src/api/orders';
import * as ratings from '../../src/api/ratings';
import * as registration from '../../src/api/registration';
import * as session from '../../src/api/session';
import * as settings from '../../src/api/settings';
import * as stores from '../../src/api/stores';
import * as templates from '../../src/api/templates';
import { MONDAY_9AM_SECONDS, offerWire, sessionUser, storeProfileWire } from '../../src/machines/path-model/fixtures';
import { orderWire } from '../../src/machines/orders/list.paths';

/**
 * The console's response schemas read the platform as the spec writes it (docs/spec-fields.md):
 * fields it does not know are ignored, fields the spec does not name may be missing (the
 * documented default stands in), and none of them is strict.
 */

const ZOD_INTERNALS = '_zod';
/** A zod schema's definition, or undefined for anything else. */
const defOf = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null ? (Reflect.get(value, ZOD_INTERNALS) as { def?: Record<string, unknown> } | undefined)?.def : undefined;

/** A record with fields the console has never heard of, at the top and one level down. */
const withExtras = <T extends Record<string, unknown>>(record: T, nested?: keyof T) => ({
  ...record,
  loyalty_tier: 'gold',
  _links: { self: '/x' },
  ...(nested ? { [nested]: { ...(record[nested] as object), legacy_code: 42 } } : {}),
});

describe('unknown fields are ignored', () => {
  it('an order, an offer, a store profile and a session user with extra fields parse, the extras dropped', () => {
    const order = z.decode(orders.OrderSchema, withExtras(orderWire(20001), 'consumer'));
    expect(order).toMatchObject({ id: 20001, consumer: { name: 'Customer 20001' } });
    expect(order).not.toHaveProperty('loyalty_tier');
    expect(order.consumer).not.toHaveProperty('legacy_code');

    const offer = z.decode(offers.OfferSchema, withExtras(offerWire()));
    expect(offer).toMatchObject({ id: 7, name: 'Surprise bag' });
    expect(offer).not.toHaveProperty('_links');

    const profile = z.decode(stores.StoreProfileSchema, withExtras(storeProfileWire(), 'special_terms'));
    expect(profile.special_terms).toEqual({ text: 'Terms', accept_date: (MONDAY_9AM_SECONDS - 7 * 86_400) * 1000 });
    expect(profile).not.toHaveProperty('loyalty_tier');

    const user = session.SessionUserSchema.parse({ ...sessionUser(), operator: withExtras(sessionUser().operator), store: withExtras(sessionUser().store) });
    expect(user.operator).not.toHaveProperty('loyalty_tier');
    expect(user.store).toEqual({ id: 1, name: 'Bakery Sol', lat: 40.4169, lon: -3.7035 });
  });

  it('paged lists and the lists of the other resources do too', () => {
    const page = orders.OrdersPageSchema.parse({ data: [withExtras(orderWire(20001))], limit: 10, offset: 0, total: 1, next_cursor: 'abc' });
    expect(page).not.toHaveProperty('next_cursor');
    expect(page.data[0]).not.toHaveProperty('loyalty_tier');
    const truck = logistics.TruckSchema.parse(withExtras({ id: 3, name: 'Van', plate: '1 AB', capacity: 10, driver_name: '', driver_phone: '', status: 'active' }));
    expect(truck).not.toHaveProperty('loyalty_tier');
    const earnings = management.ManagementCustomersSchema.parse({ data: [withExtras({ id: 1, label: 'Regulars', value: 10, color: '#112233' })] });
    expect(earnings.data[0]).toEqual({ id: 1, label: 'Regulars', value: 10, color: '#112233' });
  });

  it('no schema of src/api is strict: an unknown key is never refused', () => {
    const modules = { accounts, codecs, crmSync, finance, logistics, lookups, management, offers, orders, ratings, registration, session, settings, stores, templates };
    const strict: string[] = [];
    const seen = new Set<unknown>();
    const visit = (value: unknown, at: string): void => {
      if (typeof value !== 'object' || value === null || seen.has(value)) return;
      seen.add(value);
      if (Array.isArray(value)) {
        value.forEach((item, i) => visit(item, `${at}[${i}]`));
        return;
      }
      // zod 4 keeps a schema's definition at `_zod.def` (an object's unknown-key rule in `catchall`).
      const def = defOf(value);
      if (!def) return;
      const catchall = defOf(def.catchall)?.type;
      if (def.type === 'object' && catchall === 'never') strict.push(at);
      for (const [key, inner] of Object.entries(def)) {
        if (key === 'shape' && inner && typeof inner === 'object') {
          for (const [field, schema] of Object.entries(inner)) visit(schema, `${at}.${field}`);
        } else {
          visit(inner, at);
        }
      }
    };
    let schemas = 0;
    for (const [name, module] of Object.entries(modules)) {
      for (const [exported, value] of Object.entries(module)) {
        if (value instanceof z.ZodType) {
          schemas += 1;
          visit(value, `${name}.${exported}`);
        }
      }
    }
    expect(schemas).toBeGreaterThan(60);
    expect(strict).toEqual([]);
  });
});

describe('fields the spec does not name may be missing', () => {
  const { id: _id, first_name: _first, role: _role, ...bareOperator } = sessionUser({ roles: ['MANAGER', 'OPERATOR'] }).operator;

  it('an operator without role acts in the first of its roles; without id or first_name it still reads', () => {
    const operator = session.OperatorSchema.parse(bareOperator);
    expect(operator).toMatchObject({ role: 'MANAGER', email: 'ana@store.test' });
    expect(operator.id).toBeUndefined();
    // The role the server sends wins.
    expect(session.OperatorSchema.parse({ ...bareOperator, role: 'OPERATOR' }).role).toBe('OPERATOR');
  });

  it('the session store takes its id from the current account; with neither, the answer is unreadable', () => {
    const user = session.SessionUserSchema.parse({ operator: { ...bareOperator, currentAccount: 55 }, store: { name: 'Bakery Sol', lat: 1, lon: 2 } });
    expect(user.store).toEqual({ id: 55, name: 'Bakery Sol', lat: 1, lon: 2 });
    const nowhere = session.SessionUserSchema.safeParse({ operator: { ...bareOperator, currentAccount: null }, store: { name: 'Bakery Sol', lat: 1, lon: 2 } });
    expect(nowhere.success).toBe(false);
    expect(nowhere.error?.issues[0]).toMatchObject({ path: ['store', 'id'] });
    // users/login: the user at data.data.
    const login = session.LoginResponseSchema.parse({ data: { data: { operator: bareOperator, store: { name: 'B', lat: 1, lon: 2 } }, token: 't' } });
    expect(login.data.data.operator.role).toBe('MANAGER');
  });

  it('a spec field that is missing is still refused: the contract is the spec, not nothing', () => {
    const { email: _email, ...noEmail } = bareOperator;
    expect(session.OperatorSchema.safeParse(noEmail).success).toBe(false);
    const { pickup_date: _pickup, ...noPickupTime } = orderWire(20001);
    expect(orders.OrderWireSchema.safeParse(noPickupTime).success).toBe(false);
    const { click_action: _click, ...noClick } = storeProfileWire().notifications[0];
    expect(stores.NotificationWireSchema.safeParse(noClick).success).toBe(false);
  });

  it('an order without store_id, pickup_until and the consumer’s and offers’ ids reads', () => {
    const { store_id: _store, pickup_until: _until, ...wire } = orderWire(20001);
    const order = z.decode(orders.OrderSchema, {
      ...wire,
      consumer: { name: 'Eva', email: 'eva@mail.test', phone: '1' },
      offersOrdered: [{ id: 1, quantityOrdered: 1, offer: { name: 'Bag', unit_price: 3 } }],
    });
    expect(order.pickup_date).toBe(wire.pickup_date! * 1000);
    expect(order.pickup_until).toBeUndefined();
    expect(order.consumer.id).toBeUndefined();
  });

  it('a notification without read is unread; a store profile without business info reads empty texts', () => {
    const { read: _read, ...notification } = storeProfileWire().notifications[0];
    expect(stores.NotificationWireSchema.parse(notification).read).toBe(false);
    const { id: _sid, name: _n, description: _d, email: _e, phone: _p, address: _a, address_lat: _la, address_lon: _lo, ...rest } = storeProfileWire();
    const profile = stores.withStoreId(z.decode(stores.StoreProfileSchema, { ...rest, special_terms: { accept_date: null }, devices: [{}], notifications: [notification] }), 9);
    expect(profile).toMatchObject({ id: 9, name: '', description: '', address: { address_print: '', city: '', country: '', postal_code: '' }, lat: 40, lon: -3 });
    expect(profile.special_terms).toEqual({ text: '', accept_date: null });
    expect(profile.devices).toEqual([{ name: '', model: '' }]);
  });

  it('offers without template_id, media without url, options without id, months without value', () => {
    const { template_id: _template, ...offer } = offerWire({ media: [{}] as never });
    expect(z.decode(offers.OfferSchema, offer)).toMatchObject({ template_id: null, media: [{}] });
    expect(lookups.LookupsSchema.parse({ offer_type: [{ id: 1 }, { name: 'No id' }], dietary_fit: [], cuisine_type: [], business_type: [] }).offer_type).toEqual([{ id: 1, name: '#1' }]);
    expect(management.chartableMonths(management.ManagementSalesSchema.parse({ data: [{ month: '2026-01', value: 3 }, { month: '2026-02' }, {}] }).data)).toEqual([{ month: '2026-01', value: 3 }]);
  });

  it('payments and summaries need only their audit dates; an account only its store', () => {
    expect(finance.PaymentSchema.parse({ audit_creation_date: 1, audit_update_date: 2 })).toEqual({ audit_creation_date: 1000, audit_update_date: 2000 });
    expect(finance.OrderSummarySchema.parse({ audit_creation_date: 1, audit_update_date: 2 })).toEqual({ audit_creation_date: 1000, audit_update_date: 2000 });
    expect(accounts.AccountSchema.parse({ store_id: 1, store_name: 'Bakery' })).toEqual({ store_id: 1, store_name: 'Bakery', holder: '' });
    expect(logistics.TruckSchema.parse({ id: 3 })).toEqual({ id: 3, name: '', plate: '', driver_name: '', driver_phone: '' });
    expect(logistics.PickupLocationSchema.parse({ id: 4 })).toEqual({ id: 4, name: '', address: '', country: '', opening_hours: '', contact_name: '', contact_phone: '' });
    expect(settings.BillingAnswerSchema.parse({})).toMatchObject({ legal_name: '', invoice_frequency: 'monthly' });
    expect(registration.ValidateCityResponseSchema.parse({})).toEqual({ valid: true, city: null });
    expect(crmSync.ordersSyncOf(crmSync.OrdersSyncWireSchema.parse({}), 5000, 9000)).toEqual({ synced_at: 9000, since: 5000, previous_synced_at: null, sent: 0, created: 0, updated: 0, orders: [] });
    expect(templates.TemplateSchema.safeParse({}).success).toBe(false);
    expect(ratings.RatingsQuerySchema.safeParse({ limit: 1, offset: 0 }).success).toBe(true);
  });
});

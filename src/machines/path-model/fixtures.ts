import * as z from 'zod';
import type { OfferWireSchema } from '../../api/offers';
import type { SessionGrant, SessionUser } from '../../api/session';
import { StoreProfileSchema, withStoreId, type StoreProfile, type StoreProfileWire } from '../../api/stores';

/**
 * Small, valid example objects in the shapes the server sends. Builders take overrides so a test
 * states only what it is about.
 */

/** 2025-01-06 09:00:00 UTC, a Monday: a whole number of seconds, so codecs round-trip exactly. */
export const MONDAY_9AM = Date.UTC(2025, 0, 6, 9, 0, 0);
export const MONDAY_9AM_SECONDS = MONDAY_9AM / 1000;

export function offerWire(overrides: Partial<z.infer<typeof OfferWireSchema>> = {}): z.infer<typeof OfferWireSchema> {
  const s = MONDAY_9AM_SECONDS;
  return {
    id: 7,
    name: 'Surprise bag',
    store_id: 1,
    quantity: 10,
    quantity_left: 4,
    status: 1,
    offer_status: 1,
    repeat_on_days: [1, 3, 5],
    media: [{ url: 'https://img.test/bag.jpg', kind: 'cover' }],
    audit_creation_date: s - 86_400,
    audit_update_date: s - 3600,
    order_date_from: s,
    order_date_to: s + 4 * 3600,
    pickup_date_from: s + 5 * 3600,
    pickup_date_to: s + 6 * 3600,
    lat: 40.4168,
    lon: -3.7038,
    unit_price: 3.5,
    origin_price: 10,
    discount: 65,
    origin: 'offer',
    template_id: null,
    offer_type: [1],
    dietary_fit: [],
    cuisine_type: [2],
    business_type: [3],
    ...overrides,
  };
}

export function storeProfileWire(overrides: Partial<StoreProfileWire> = {}): StoreProfileWire & { id: number } {
  return {
    id: 1,
    name: 'Bakery Sol',
    description: 'Bread and pastries',
    email: 'sol@store.test',
    phone: '+34 600 000 000',
    address: { address_print: 'Calle Mayor 1, Madrid', city: 'Madrid', country: 'ES', postal_code: '28013' },
    address_lat: 40.4169,
    address_lon: -3.7035,
    lat: 40,
    lon: -3,
    avatar: 'https://img.test/avatar.png',
    logo: 'https://img.test/logo.png',
    cover: 'https://img.test/cover.png',
    devicesAllowed: 2,
    devices: [{ id: 1, name: 'Till', model: 'Tab A', registered_at: MONDAY_9AM_SECONDS - 86_400 }],
    apiKey: 'key-1',
    sms_send: false,
    sms_text: '',
    color: '#112233',
    special_terms: { text: 'Terms', accept_date: MONDAY_9AM_SECONDS - 7 * 86_400 },
    notifications: [
      { id: 1, type: 'order', title: 'New order', created_at: MONDAY_9AM_SECONDS - 60, click_action: '/orders', read: false },
    ],
    ...overrides,
  };
}

/** The client's store profile of storeProfileWire(overrides): decoded, its id known. */
export function storeProfile(overrides: Partial<StoreProfileWire> = {}): StoreProfile {
  const wire = storeProfileWire(overrides);
  return withStoreId(z.decode(StoreProfileSchema, wire), wire.id);
}

export function sessionUser(overrides: { role?: string; roles?: string[]; storeId?: number; email?: string } = {}): SessionUser {
  return {
    operator: {
      id: 11,
      email: overrides.email ?? 'ana@store.test',
      name_op: 'Ana',
      phone: '+34 600 000 001',
      role: overrides.role ?? 'OPERATOR',
      rolesList: { roles: overrides.roles ?? ['OPERATOR', 'MANAGER'] },
      currentAccount: overrides.storeId ?? 1,
      preferences: { language: 'en' },
    },
    store: { id: overrides.storeId ?? 1, name: 'Bakery Sol', lat: 40.4169, lon: -3.7035 },
  };
}

export function grant(token: string, user: SessionUser = sessionUser()): SessionGrant {
  return { token, user };
}

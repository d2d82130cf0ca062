import type { PickupLocationInput } from '../../src/api/logistics';
import type { OfferInput } from '../../src/api/offers';
import type { TemplateInput } from '../../src/api/templates';
import { HOUR_MS } from '../../mocks/time';

/**
 * The records the mock handler tests send, as the console's forms hand them over (without the
 * forms' helper fields: each test adds those it needs). One definition for every file that sends them.
 */

/** An offer open for orders at `now`, collected later the same day. */
export function offerInput(now: number, overrides: Partial<OfferInput> = {}): OfferInput {
  return {
    name: 'Evening bread bag',
    quantity: 8,
    repeat_on_days: [],
    order_date_from: now - HOUR_MS,
    order_date_to: now + 3 * HOUR_MS,
    pickup_date_from: now + 3 * HOUR_MS,
    pickup_date_to: now + 4 * HOUR_MS,
    unit_price: 4.5,
    origin_price: 10,
    origin: 'offer',
    template_id: null,
    offer_type: [1],
    dietary_fit: [1],
    cuisine_type: [1],
    business_type: [1],
    ...overrides,
  };
}

/** A template repeating on Fridays, its embedded offer ordered from tomorrow. */
export function templateInput(now: number, overrides: Partial<TemplateInput> = {}, offer: Partial<TemplateInput['offer']> = {}): TemplateInput {
  return {
    name: 'Friday cake box',
    repeat_on_days: [5],
    template_quantity: 6,
    offer: {
      order_date_from: now + 20 * HOUR_MS,
      order_date_to: now + 26 * HOUR_MS,
      pickup_date_from: now + 26 * HOUR_MS,
      pickup_date_to: now + 28 * HOUR_MS,
      unit_price: 6,
      origin_price: 12,
      offer_type: [1],
      dietary_fit: [],
      cuisine_type: [2],
      business_type: [1],
      ...offer,
    },
    ...overrides,
  };
}

/** A pickup location in València. */
export const pickupInput = (overrides: Partial<PickupLocationInput> = {}): PickupLocationInput => ({
  name: 'Benimaclet lockers',
  address: 'Carrer de Murta 7, 46020 València',
  country: 'ES',
  lat: 39.4862,
  lon: -0.3598,
  opening_hours: 'Mon–Sat 09:00–21:00',
  contact_name: 'Pilar Gómez',
  contact_phone: '+34 961 00 20 30',
  ...overrides,
});

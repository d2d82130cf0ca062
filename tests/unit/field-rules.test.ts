import { beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import * as rules from '../../src/api/field-rules';
import { DATE_MAX_SECONDS, NAME_MAX, PRICE_MAX, QUANTITY_MAX } from '../../src/api/field-rules';
import { PICKUP_MESSAGES, PickupLocationInputSchema, TRUCK_MESSAGES, TruckInputSchema } from '../../src/api/logistics';
import { OfferCreateWireSchema, offerCreateBody } from '../../src/api/offers';
import { TemplateCreateWireSchema, templateCreateBody } from '../../src/api/templates';
import { loadCatalogue, loadConsoleStrings, translate, type Translate } from '../../src/i18n';
import type { OfferFormValues } from '../../src/machines/offers/form.machine';
import type { TemplateFormValues } from '../../src/machines/templates/form.machine';
import { describeIssue } from '../../mocks/respond';
import { offerFormSchema, formMessageText } from '../../src/screens/offers/offer-form-schema';
import { pickupFormSchema } from '../../src/screens/pickups/pickup-form-schema';
import { sharedMessageText } from '../../src/screens/records/field-messages';
import { fieldMessage } from '../../src/screens/records/record-fields';
import { templateFormSchema } from '../../src/screens/templates/template-form-schema';
import { truckFormSchema } from '../../src/screens/trucks/truck-form-schema';

/*
 * Issue #23: one definition of each field rule. The form refuses a value with a message, and the
 * mock server, validating the request body with the api's schema, refuses the same value with
 * the same message ("<field>: <message>"); the form shows that message in the operator's language.
 */

const NOW = new Date(2026, 2, 11, 10, 30).getTime();
const HOUR = 3_600_000;
let en: Translate;
let es: Translate;
beforeAll(async () => {
  await loadConsoleStrings();
  await loadCatalogue('es');
  en = (key, params) => translate('en', key, params);
  es = (key, params) => translate('es', key, params);
});

const offerValues = (overrides: Partial<OfferFormValues> = {}): OfferFormValues => ({
  name: 'Evening bread bag',
  quantity: 8,
  unit_price: 4.5,
  origin_price: 10,
  origin: 'offer',
  template_id: null,
  repeat_on_days: [],
  order_date_from: NOW + HOUR,
  order_date_to: NOW + 3 * HOUR,
  pickup_date_from: NOW + 3 * HOUR,
  pickup_date_to: NOW + 4 * HOUR,
  offer_type: [],
  dietary_fit: [],
  cuisine_type: [],
  business_type: [],
  saveAsTemplate: false,
  ...overrides,
});

/** The form's message for a field, or undefined when the form accepts it. */
function formIssue(schema: z.ZodType, values: unknown, field: string): string | undefined {
  const result = schema.safeParse(values);
  return result.success ? undefined : result.error.issues.find((issue) => issue.path.join('.') === field)?.message;
}

/** What the mock server answers for a body: validated() turns the first issue into "<path>: <message>". */
function serverMessage(schema: z.ZodType, body: unknown): string | undefined {
  const result = schema.safeParse(body);
  return result.success ? undefined : describeIssue(result.error);
}

/** The wire body the form's values become (seconds). */
const offerBody = () => {
  const { saveAsTemplate: _unused, ...input } = offerValues();
  return offerCreateBody(input);
};

describe('the offer form and the offers handler share each field rule', () => {
  const form = offerFormSchema(() => NOW);
  const server = OfferCreateWireSchema.strict();
  const cases: Array<[string, Partial<OfferFormValues>, Record<string, unknown>, string]> = [
    ['a blank name', { name: '   ' }, { name: '   ' }, 'is required'],
    ['an over-long name', { name: 'x'.repeat(NAME_MAX + 1) }, { name: 'x'.repeat(NAME_MAX + 1) }, `Use at most ${NAME_MAX} characters`],
    ['quantity 0', { quantity: 0 }, { quantity: 0, quantity_left: 1 }, 'Enter at least 1'],
    ['too large a quantity', { quantity: QUANTITY_MAX + 1 }, { quantity: QUANTITY_MAX + 1, quantity_left: 1 }, `Enter at most ${QUANTITY_MAX}`],
    ['origin_price 0', { origin_price: 0 }, { origin_price: 0 }, 'Enter a price above 0'],
    ['unit_price 1e308', { unit_price: 1e308 }, { unit_price: 1e308 }, `Enter a price of at most ${PRICE_MAX}`],
  ];

  it.each(cases)('%s: the same message from the form and the server', (_name, formValue, wireValue, message) => {
    const field = Object.keys(wireValue)[0];
    expect(formIssue(form, offerValues(formValue), field)).toBe(message);
    expect(serverMessage(server, { ...offerBody(), ...wireValue })).toBe(`${field}: ${message}`);
  });

  it('a date out of range: the form in milliseconds, the server in seconds, one message', () => {
    const late = (DATE_MAX_SECONDS + 1) * 1000;
    expect(formIssue(form, offerValues({ pickup_date_to: late }), 'pickup_date_to')).toBe('Enter a date between 2000 and 2100');
    expect(serverMessage(server, { ...offerBody(), pickup_date_to: -1 })).toBe('pickup_date_to: Enter a date between 2000 and 2100');
  });

  it('the form shows each message in the operator’s language, the English one word for word', () => {
    for (const [, formValue, , message] of cases) {
      const field = Object.keys(formValue)[0];
      const shown = formIssue(form, offerValues(formValue), field)!;
      expect(formMessageText(en, shown)).toBe(message);
      expect(formMessageText(es, shown)).not.toBe(message);
    }
    // A server 400 names the field first: the form still reads the rule's message.
    expect(formMessageText(es, `name: Use at most ${NAME_MAX} characters`)).toBe(`name: Usa como máximo ${NAME_MAX} caracteres`);
  });
});

describe('the template form and the templates handler', () => {
  const templateValues = (overrides: Partial<TemplateFormValues> = {}): TemplateFormValues => {
    const { name, quantity: _q, origin: _o, template_id: _t, saveAsTemplate: _s, ...offer } = offerValues();
    return { ...offer, name, template_quantity: 6, repeat_on_days: [5], ...overrides };
  };
  const body = templateCreateBody({
    name: 'Friday cake box',
    repeat_on_days: [5],
    template_quantity: 6,
    offer: { ...offerValues(), name: undefined },
  });
  const server = TemplateCreateWireSchema.strict();

  it('an over-long name and too large a repeat quantity: one message each', () => {
    const long = 'x'.repeat(NAME_MAX + 1);
    expect(formIssue(templateFormSchema(), templateValues({ name: long }), 'name')).toBe(`Use at most ${NAME_MAX} characters`);
    expect(serverMessage(server, { ...body, name: long })).toBe(`name: Use at most ${NAME_MAX} characters`);
    expect(formIssue(templateFormSchema(), templateValues({ template_quantity: QUANTITY_MAX + 1 }), 'template_quantity')).toBe(`Enter at most ${QUANTITY_MAX}`);
    expect(serverMessage(server, { ...body, template_quantity: QUANTITY_MAX + 1 })).toBe(`template_quantity: Enter at most ${QUANTITY_MAX}`);
  });
});

describe('the truck and pickup location forms and the logistics handlers', () => {
  const truck = { name: 'Van 4', plate: '1234 BCD', capacity: 32, driver_name: '', driver_phone: '', status: 'active' as const };
  const pickup = { name: 'Lockers', address: 'Carrer de Murta 7', country: 'ES', lat: 39.4, lon: -0.3, opening_hours: '', contact_name: '', contact_phone: '' };

  it.each([
    ['name', '   ', 'Enter the truck’s name'],
    ['name', 'x'.repeat(61), 'Use at most 60 characters'],
    ['driver_phone', 'call me', 'Enter a valid phone number, e.g. +34 600 000 000'],
  ])('truck %s %j: the form and the server say the same', (field, value, message) => {
    expect(formIssue(truckFormSchema(), { ...truck, [field]: value }, field)).toBe(message);
    expect(serverMessage(TruckInputSchema.strict(), { ...truck, [field]: value })).toBe(`${field}: ${message}`);
  });

  it.each([
    ['name', ' ', 'Enter the location’s name'],
    ['address', 'x'.repeat(161), 'Use at most 160 characters'],
  ])('pickup location %s: the form and the server say the same', (field, value, message) => {
    expect(formIssue(pickupFormSchema(), { ...pickup, [field]: value }, field)).toBe(message);
    expect(serverMessage(PickupLocationInputSchema.strict(), { ...pickup, [field]: value })).toBe(`${field}: ${message}`);
  });

  it('the records forms show the shared messages translated', () => {
    expect(fieldMessage(en, { type: 'custom', message: 'Use at most 60 characters' })).toBe('Use at most 60 characters');
    expect(fieldMessage(es, { type: 'custom', message: 'Use at most 60 characters' })).toBe('Usa como máximo 60 caracteres');
    expect(fieldMessage(en, { type: 'custom', message: 'Enter the truck’s name' })).toBe('Enter the truck’s name');
    expect(fieldMessage(es, { type: 'custom', message: 'Enter the truck’s name' })).toBe(es('truckForm.nameRequired'));
  });
});

describe('every shared message has its catalogue entry', () => {
  it('reads word for word in English and is translated into Spanish', () => {
    const messages = [
      ...Object.entries(rules)
        .filter(([name, value]) => name.endsWith('_MESSAGE') && typeof value === 'string')
        .map(([, value]) => value as string),
      rules.tooLongMessage(NAME_MAX),
      ...Object.values(TRUCK_MESSAGES),
      ...Object.values(PICKUP_MESSAGES),
    ];
    expect(messages.length).toBeGreaterThanOrEqual(20);
    for (const message of messages) {
      expect(sharedMessageText(en, message)).toBe(message);
      expect(sharedMessageText(es, message)).not.toBe(message);
    }
  });
});

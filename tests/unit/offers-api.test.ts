import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { configureHttp } from '../../src/api/http';
import { DATE_MAX_SECONDS, DATE_MIN_SECONDS } from '../../src/api/field-rules';
import {
  MIN_PRICE_MESSAGE,
  ORDER_WINDOW_MESSAGE,
  PICKUP_BEFORE_ORDER_MESSAGE,
  PICKUP_WINDOW_MESSAGE,
  QUANTITY_REQUIRED_MESSAGE,
  RECURRING_WEEKDAY_MESSAGE,
  TEMPLATE_LATER_THAN_NOW_MESSAGE,
  discountPercent,
  minimumOfferPrice,
  minimumPriceRule,
  offerProblems,
  offerRefinement,
  offerShapeProblems,
  orderWindowRule,
  pickupAfterOrderStartRule,
  pickupWindowRule,
  quantityRequiredRule,
  recurringWeekdayRule,
  templateLaterThanNowRule,
  templateProblems,
  type OfferRuleInput,
} from '../../src/api/offer-rules';
import {
  OFFER_FORM_HELPER_FIELDS,
  OfferCreateRequestSchema,
  OfferCreateWireSchema,
  OfferEditWireSchema,
  buildUploadForm,
  offerCreateBody,
  offerEditBody,
  uploadTarget,
  uploadUrl,
  type OfferInput,
} from '../../src/api/offers';
import {
  TemplateCreateWireSchema,
  TemplateEditWireSchema,
  TemplateSchema,
  TemplateWireSchema,
  templateCreateBody,
  templateEditBody,
  type TemplateInput,
} from '../../src/api/templates';
import { MONDAY_9AM, MONDAY_9AM_SECONDS, offerWire } from '../../src/machines/path-model/fixtures';

const HOUR = 3_600_000;

/** What the offer form submits: windows in ms, the helper fields and the computed discount still on it. */
function formValues(overrides: Partial<OfferInput> = {}): OfferInput & { discount: number; media: unknown[] } {
  return {
    name: 'Surprise bag',
    quantity: 10,
    repeat_on_days: [1, 3],
    order_date_from: MONDAY_9AM,
    order_date_to: MONDAY_9AM + 4 * HOUR,
    pickup_date_from: MONDAY_9AM + 5 * HOUR,
    pickup_date_to: MONDAY_9AM + 6 * HOUR,
    unit_price: 5,
    origin_price: 10,
    origin: 'recurring',
    template_id: null,
    offer_type: [1],
    dietary_fit: [],
    cuisine_type: [2],
    business_type: [3],
    when: 'today',
    whenpu: 'tomorrow',
    whenpu_disabled: true,
    discount: 50,
    media: [],
    ...overrides,
  };
}

describe('offer request bodies', () => {
  it('strip the helper fields when, whenpu and whenpu_disabled (and the other form extras)', () => {
    const body = offerCreateBody(formValues());
    for (const helper of OFFER_FORM_HELPER_FIELDS) expect(body).not.toHaveProperty(helper);
    expect(body).not.toHaveProperty('discount');
    expect(body).not.toHaveProperty('media');
    expect(Object.keys(body).sort()).toEqual(Object.keys(OfferCreateWireSchema.shape).sort());
    // What the server's strict schema takes.
    expect(OfferCreateWireSchema.strict().safeParse(body).success).toBe(true);
  });

  it('convert the windows from milliseconds to unix seconds', () => {
    expect(offerCreateBody(formValues())).toMatchObject({
      order_date_from: MONDAY_9AM_SECONDS,
      order_date_to: MONDAY_9AM_SECONDS + 4 * 3600,
      pickup_date_from: MONDAY_9AM_SECONDS + 5 * 3600,
      pickup_date_to: MONDAY_9AM_SECONDS + 6 * 3600,
    });
  });

  it('set quantity_left to the quantity on every save', () => {
    expect(offerCreateBody(formValues({ quantity: 7 }))).toMatchObject({ quantity: 7, quantity_left: 7 });
    expect(offerEditBody({ ...formValues({ quantity: 3 }), id: 5, quantity_left: 1 } as never)).toMatchObject({ id: 5, quantity: 3, quantity_left: 3 });
  });

  it('carry the id on edit only', () => {
    expect(offerCreateBody({ ...formValues(), id: 9 } as OfferInput)).not.toHaveProperty('id');
    const edit = offerEditBody({ ...formValues(), id: 9 });
    expect(edit.id).toBe(9);
    expect(OfferEditWireSchema.strict().safeParse(edit).success).toBe(true);
  });

  it('refuse a value that breaks the schema instead of sending it', () => {
    expect(() => offerCreateBody(formValues({ name: '' }))).toThrow(/name/);
    expect(() => offerCreateBody(formValues({ repeat_on_days: [0] }))).toThrow(/repeat_on_days/);
  });

  it('round-trip: ms → seconds → ms lands on the whole second, within half a second', () => {
    fc.assert(
      // Any moment the shared date rule allows (src/api/field-rules.ts: 2000-01-01 … 2100-01-01).
      fc.property(fc.integer({ min: DATE_MIN_SECONDS * 1000, max: DATE_MAX_SECONDS * 1000 }), (from) => {
        const body = offerCreateBody(formValues({ order_date_from: from }));
        expect(Number.isInteger(body.order_date_from)).toBe(true);
        const back = z.decode(OfferCreateRequestSchema, body).order_date_from;
        expect(Math.abs(back - from)).toBeLessThanOrEqual(500);
      }),
    );
  });
});

describe('template request bodies and the Template codec', () => {
  const template: TemplateInput = {
    name: 'Weekday bread bag',
    repeat_on_days: [1, 2, 3, 4, 5],
    template_quantity: 12,
    offer: { ...formValues(), name: undefined },
  };

  it('create: status 1, the template’s weekdays, an embedded offer without stock, helpers stripped, seconds', () => {
    const body = templateCreateBody(template);
    expect(body).toMatchObject({
      name: 'Weekday bread bag',
      repeat_on_days: [1, 2, 3, 4, 5],
      template_quantity: 12,
      status: 1,
      offer: {
        name: 'Weekday bread bag',
        quantity: 0,
        quantity_left: 0,
        origin: 'template',
        template_id: null,
        repeat_on_days: [1, 2, 3, 4, 5],
        order_date_from: MONDAY_9AM_SECONDS,
      },
    });
    expect(body.offer).not.toHaveProperty('offer_status');
    for (const helper of OFFER_FORM_HELPER_FIELDS) expect(body.offer).not.toHaveProperty(helper);
    expect(TemplateCreateWireSchema.extend({ offer: TemplateCreateWireSchema.shape.offer.strict() }).strict().safeParse(body).success).toBe(true);
  });

  it('edit: the id and offer_status 1 as well', () => {
    const body = templateEditBody({ ...template, id: 4, offer: { ...template.offer, name: 'Own name' } });
    expect(body).toMatchObject({ id: 4, status: 1, offer: { name: 'Own name', offer_status: 1, quantity: 0, quantity_left: 0 } });
    expect(TemplateEditWireSchema.safeParse(body).success).toBe(true);
  });

  it('TemplateSchema decodes every date to milliseconds, the embedded offer’s included, and encodes back', () => {
    const { id: _id, ...offer } = offerWire({ quantity: 0, quantity_left: 0, origin: 'template' });
    const wire = TemplateWireSchema.parse({
      id: 3,
      name: 'Bag',
      store_id: 1,
      repeat_on_days: [6],
      template_quantity: 5,
      media: [],
      status: 1,
      audit_creation_date: MONDAY_9AM_SECONDS - 60,
      audit_update_date: MONDAY_9AM_SECONDS,
      offer,
    });
    const client = z.decode(TemplateSchema, wire);
    expect(client.audit_update_date).toBe(MONDAY_9AM);
    expect(client.offer.order_date_from).toBe(MONDAY_9AM);
    expect(client.offer.audit_creation_date).toBe(offer.audit_creation_date * 1000);
    expect(z.encode(TemplateSchema, client)).toEqual(wire);
  });
});

describe('upload form', () => {
  beforeAll(() => configureHttp({ baseURL: 'https://api.test' }));

  it('offer: POST /stores/offers/media with offer_id, cover_image and the optional template_id', async () => {
    expect(uploadTarget({ kind: 'offer', id: 7 })).toEqual({
      url: 'https://api.test/stores/offers/media',
      operation: 'POST /stores/offers/media',
      fields: { offer_id: '7' },
      imageField: 'cover_image',
    });
    expect(uploadTarget({ kind: 'offer', id: 7, templateId: 3 }).fields).toEqual({ offer_id: '7', template_id: '3' });
    const form = buildUploadForm({ kind: 'offer', id: 7, templateId: 3, image: new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' }) });
    expect(form.get('offer_id')).toBe('7');
    expect(form.get('template_id')).toBe('3');
    const image = form.get('cover_image') as Blob;
    expect(image.type).toBe('image/jpeg');
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(new Uint8Array([0xff, 0xd8, 0xff]));
  });

  it('template: POST /stores/template/{id}/media with template_id and cover_image', () => {
    expect(uploadUrl('template', 12)).toBe('https://api.test/stores/template/12/media');
    expect(uploadTarget({ kind: 'template', id: 12 })).toMatchObject({ fields: { template_id: '12' }, imageField: 'cover_image' });
    expect(() => uploadTarget({ kind: 'offer', id: 0 })).toThrow(/id/);
  });
});

// ---------------------------------------------------------------------------------------------
// Rules
// ---------------------------------------------------------------------------------------------

/** A valid offer at MONDAY_9AM - 1 h. */
const NOW = MONDAY_9AM - HOUR;
const valid = (overrides: Partial<OfferRuleInput> = {}): OfferRuleInput => ({
  unit_price: 5.5,
  origin_price: 10,
  origin: 'offer',
  repeat_on_days: [],
  quantity: 10,
  order_date_from: MONDAY_9AM,
  order_date_to: MONDAY_9AM + 4 * HOUR,
  pickup_date_from: MONDAY_9AM + 4 * HOUR,
  pickup_date_to: MONDAY_9AM + 6 * HOUR,
  ...overrides,
});

describe('the messages are the spec’s, word for word', () => {
  it.each([
    [MIN_PRICE_MESSAGE, 'Offer price should be at least 45% of its ordinary listing price'],
    [RECURRING_WEEKDAY_MESSAGE, 'If you want to create a recurring offer you should enter al least one day of the week'],
    [TEMPLATE_LATER_THAN_NOW_MESSAGE, 'Time to order and pick-up needs to be later than now.'],
    [QUANTITY_REQUIRED_MESSAGE, 'Quantity is required'],
  ])('%s', (constant, spec) => {
    expect(constant).toBe(spec);
  });
});

describe('offer rules', () => {
  it('a valid offer has no problems', () => {
    expect(offerProblems(valid(), NOW)).toEqual([]);
  });

  it('the 45 % rule: 4.49 of 10 fails, 4.50 passes, an ordinary price of 0 always passes', () => {
    expect(minimumPriceRule({ unit_price: 4.49, origin_price: 10 })).toBe(MIN_PRICE_MESSAGE);
    expect(minimumPriceRule({ unit_price: 4.5, origin_price: 10 })).toBeNull();
    // 45 % of 3.30 is 1.485: 1.48 is below, 1.49 above (no floating-point surprise at 1.485).
    expect(minimumPriceRule({ unit_price: 1.48, origin_price: 3.3 })).toBe(MIN_PRICE_MESSAGE);
    expect(minimumPriceRule({ unit_price: 1.49, origin_price: 3.3 })).toBeNull();
    expect(minimumPriceRule({ unit_price: 0, origin_price: 0 })).toBeNull();
    expect(minimumPriceRule({ unit_price: undefined, origin_price: 10 })).toBeNull();
  });

  it('a recurring offer needs a weekday; other origins do not', () => {
    expect(recurringWeekdayRule({ origin: 'recurring', repeat_on_days: [] })).toBe(RECURRING_WEEKDAY_MESSAGE);
    expect(recurringWeekdayRule({ origin: 'recurring', repeat_on_days: undefined })).toBe(RECURRING_WEEKDAY_MESSAGE);
    expect(recurringWeekdayRule({ origin: 'recurring', repeat_on_days: [7] })).toBeNull();
    expect(recurringWeekdayRule({ origin: 'offer', repeat_on_days: [] })).toBeNull();
  });

  it('template origin: order and pickup start strictly after now', () => {
    const offer = valid({ origin: 'template' });
    expect(templateLaterThanNowRule(offer, NOW)).toBeNull();
    expect(templateLaterThanNowRule(offer, MONDAY_9AM)).toBe(TEMPLATE_LATER_THAN_NOW_MESSAGE);
    expect(templateLaterThanNowRule(valid({ origin: 'template', pickup_date_from: NOW - 1 }), NOW)).toBe(TEMPLATE_LATER_THAN_NOW_MESSAGE);
    expect(templateLaterThanNowRule(valid({ origin: 'offer' }), MONDAY_9AM + 10 * HOUR)).toBeNull();
  });

  it('"Quantity is required" only when repeat days exist and the quantity is empty (0 is a quantity)', () => {
    for (const empty of [undefined, null, '', '  ', Number.NaN]) {
      expect(quantityRequiredRule({ repeat_on_days: [1], quantity: empty })).toBe(QUANTITY_REQUIRED_MESSAGE);
      expect(quantityRequiredRule({ repeat_on_days: [], quantity: empty })).toBeNull();
    }
    expect(quantityRequiredRule({ repeat_on_days: [1], quantity: 0 })).toBeNull();
    expect(quantityRequiredRule({ repeat_on_days: [1], quantity: '4' })).toBeNull();
  });

  it('windows: each ends after it starts, and pickup does not end before ordering opens', () => {
    expect(orderWindowRule(valid({ order_date_to: MONDAY_9AM }))).toBe(ORDER_WINDOW_MESSAGE);
    expect(pickupWindowRule(valid({ pickup_date_to: MONDAY_9AM + 4 * HOUR }))).toBe(PICKUP_WINDOW_MESSAGE);
    expect(pickupAfterOrderStartRule(valid({ pickup_date_from: NOW - 2 * HOUR, pickup_date_to: NOW }))).toBe(PICKUP_BEFORE_ORDER_MESSAGE);
    // Setting the order start copies it into pickup start and end: allowed by this rule (the pickup window's own rule speaks).
    expect(pickupAfterOrderStartRule(valid({ pickup_date_from: MONDAY_9AM, pickup_date_to: MONDAY_9AM }))).toBeNull();
    expect(orderWindowRule({ order_date_from: MONDAY_9AM, order_date_to: undefined })).toBeNull();
  });

  it('offerProblems lists every broken rule with its field, in the form’s order', () => {
    const problems = offerProblems(
      {
        unit_price: 1,
        origin_price: 10,
        origin: 'recurring',
        repeat_on_days: [],
        quantity: '',
        order_date_from: MONDAY_9AM,
        order_date_to: MONDAY_9AM,
        pickup_date_from: NOW - 3 * HOUR,
        pickup_date_to: NOW - 2 * HOUR,
      },
      NOW,
    );
    expect(problems).toEqual([
      { rule: 'minimumPrice', path: ['unit_price'], message: MIN_PRICE_MESSAGE },
      { rule: 'recurringNeedsWeekday', path: ['repeat_on_days'], message: RECURRING_WEEKDAY_MESSAGE },
      { rule: 'orderWindow', path: ['order_date_to'], message: ORDER_WINDOW_MESSAGE },
      { rule: 'pickupAfterOrderStart', path: ['pickup_date_to'], message: PICKUP_BEFORE_ORDER_MESSAGE },
    ]);
    expect(offerProblems(valid({ origin: 'template', repeat_on_days: [2], quantity: null }), MONDAY_9AM).map((p) => p.rule)).toEqual([
      'templateLaterThanNow',
      'quantityRequired',
    ]);
  });

  it('offerShapeProblems (what the server checks) leaves out the clock and the quantity', () => {
    expect(offerShapeProblems(valid({ origin: 'template', repeat_on_days: [1], quantity: '' }))).toEqual([]);
    expect(offerShapeProblems(valid({ unit_price: 1 }), ['offer'])).toEqual([{ rule: 'minimumPrice', path: ['offer', 'unit_price'], message: MIN_PRICE_MESSAGE }]);
  });

  it('templateProblems checks template_quantity and the embedded offer', () => {
    expect(templateProblems({ repeat_on_days: [1], template_quantity: '', offer: valid({ unit_price: 1 }) })).toEqual([
      { rule: 'quantityRequired', path: ['template_quantity'], message: QUANTITY_REQUIRED_MESSAGE },
      { rule: 'minimumPrice', path: ['offer', 'unit_price'], message: MIN_PRICE_MESSAGE },
    ]);
    // A recurring template keeps past times of day: the "later than now" rule is not a template rule.
    expect(templateProblems({ repeat_on_days: [1], template_quantity: 4, offer: valid({ origin: 'template' }) })).toEqual([]);
  });

  it('offerRefinement puts each message on its field in a zod schema', () => {
    const Form = z
      .object({ unit_price: z.number(), origin_price: z.number(), origin: z.string(), repeat_on_days: z.array(z.number()) })
      .superRefine(offerRefinement(() => NOW));
    const result = Form.safeParse({ unit_price: 1, origin_price: 10, origin: 'recurring', repeat_on_days: [] });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['unit_price', MIN_PRICE_MESSAGE],
      ['repeat_on_days', RECURRING_WEEKDAY_MESSAGE],
    ]);
  });
});

/** Round half up of 100 × (o − u) / o, in exact integer arithmetic. */
const expectedDiscount = (o: number, u: number) => {
  const numerator = BigInt(200 * (o - u) + o);
  const denominator = BigInt(2 * o);
  // Floor division for negative numerators too.
  const q = numerator / denominator;
  return Number(numerator % denominator !== 0n && numerator < 0n ? q - 1n : q);
};

describe('discount and the price rule: properties', () => {
  const cents = fc.integer({ min: 1, max: 10_000_000 });

  it('discountPercent is the percent difference rounded to a whole percent (halves up)', () => {
    fc.assert(
      fc.property(cents, fc.integer({ min: 0, max: 20_000_000 }), (o, u) => {
        expect(discountPercent(o / 100, u / 100)).toBe(expectedDiscount(o, u));
      }),
    );
    expect(discountPercent(10, 3.5)).toBe(65);
    expect(discountPercent(8, 5.96)).toBe(26); // 25.5 % rounds up
    expect(discountPercent(10, 10)).toBe(0);
    // Found by the property above (seed -273525822): 4.00 → 4.01 is -0.25 %, which rounds to 0, not -0.
    expect(discountPercent(4, 4.01)).toBe(0);
    expect(discountPercent(10, 0)).toBe(100);
    expect(discountPercent(10, 12)).toBe(-20);
  });

  it('discountPercent is 0 when the ordinary price is 0', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), (u) => {
        expect(discountPercent(0, u / 100)).toBe(0);
      }),
    );
  });

  it('the price rule holds exactly when 100 × unit ≥ 45 × origin (in cents)', () => {
    fc.assert(
      fc.property(cents, fc.integer({ min: 0, max: 10_000_000 }), (o, u) => {
        const message = minimumPriceRule({ origin_price: o / 100, unit_price: u / 100 });
        expect(message).toBe(100 * u >= 45 * o ? null : MIN_PRICE_MESSAGE);
      }),
    );
  });

  it('at the boundary: the smallest allowed price passes, one cent less fails', () => {
    fc.assert(
      fc.property(cents, (o) => {
        const lowest = Math.ceil((45 * o) / 100);
        expect(minimumOfferPrice(o / 100)).toBe(lowest / 100);
        expect(minimumPriceRule({ origin_price: o / 100, unit_price: lowest / 100 })).toBeNull();
        // o ≥ 1 cent, so the lowest allowed price is at least 1 cent.
        expect(minimumPriceRule({ origin_price: o / 100, unit_price: (lowest - 1) / 100 })).toBe(MIN_PRICE_MESSAGE);
      }),
    );
  });

  it('an allowed price never has a discount above 55 %', () => {
    fc.assert(
      fc.property(cents, fc.integer({ min: 0, max: 10_000_000 }), (o, u) => {
        fc.pre(minimumPriceRule({ origin_price: o / 100, unit_price: u / 100 }) === null);
        expect(discountPercent(o / 100, u / 100)).toBeLessThanOrEqual(55);
      }),
    );
  });
});

import type * as z from 'zod';
import { OFFER_MIN_PRICE_RATIO } from '../lib/constants';
import { conditionRule, greaterThanDateRule } from '../lib/rules';

/**
 * The validation rules of an offer (spec section 5), pure and shared: the offer form shows these
 * messages beside its fields, and the mock server re-checks the same rules and answers 400 with
 * the same message, so the operator reads one wording whoever caught the problem.
 *
 * Every rule takes what a half-filled form may hold (missing or empty values) and returns its
 * message, or null when the rule holds or cannot be judged yet: "is required" is the datetime and
 * required-field rules' job, not these. Times are milliseconds (the client's unit; the server
 * decodes its unix seconds first) and compared as numbers.
 */

// ---------------------------------------------------------------------------------------------
// Messages
// ---------------------------------------------------------------------------------------------

/** Spec section 5, verbatim. */
export const MIN_PRICE_MESSAGE = 'Offer price should be at least 45% of its ordinary listing price';
/** Spec section 5, verbatim (the typo "al" is the spec's). */
export const RECURRING_WEEKDAY_MESSAGE = 'If you want to create a recurring offer you should enter al least one day of the week';
/** Spec section 5, verbatim. */
export const TEMPLATE_LATER_THAN_NOW_MESSAGE = 'Time to order and pick-up needs to be later than now.';
/** Spec section 5, verbatim. */
export const QUANTITY_REQUIRED_MESSAGE = 'Quantity is required';
/** Not in the spec's catalogue: the order window must have a length. */
export const ORDER_WINDOW_MESSAGE = 'The order window must end after it starts';
/** Not in the spec's catalogue: the pickup window must have a length. */
export const PICKUP_WINDOW_MESSAGE = 'The pickup window must end after it starts';
/** Not in the spec's catalogue: nobody could collect an offer whose pickup is over before ordering opens. */
export const PICKUP_BEFORE_ORDER_MESSAGE = 'The pickup window cannot end before the order window starts';

// ---------------------------------------------------------------------------------------------
// Inputs
// ---------------------------------------------------------------------------------------------

type Maybe<T> = T | null | undefined;

/** What the offer rules read: any offer-like value, fields possibly still empty. Times in ms. */
export interface OfferRuleInput {
  unit_price?: Maybe<number>;
  origin_price?: Maybe<number>;
  /** 'offer' | 'recurring' | 'template' */
  origin?: Maybe<string>;
  repeat_on_days?: Maybe<readonly number[]>;
  /** A form may hold '' while the field is empty. */
  quantity?: Maybe<number | string>;
  order_date_from?: Maybe<number>;
  order_date_to?: Maybe<number>;
  pickup_date_from?: Maybe<number>;
  pickup_date_to?: Maybe<number>;
}

/** A template as its rules read it: the repeat quantity is template_quantity. */
export interface TemplateRuleInput {
  repeat_on_days?: Maybe<readonly number[]>;
  template_quantity?: Maybe<number | string>;
  offer: OfferRuleInput;
}

export type OfferRuleName =
  | 'minimumPrice'
  | 'recurringNeedsWeekday'
  | 'templateLaterThanNow'
  | 'quantityRequired'
  | 'orderWindow'
  | 'pickupWindow'
  | 'pickupAfterOrderStart';

/** One broken rule: its name, the field it belongs to (a zod issue path) and the message. */
export interface OfferProblem {
  rule: OfferRuleName;
  path: string[];
  message: string;
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** Prices are compared in whole cents, so 45 % of a price is exact (no 0.1 + 0.2 surprises). */
const cents = (price: number) => Math.round(price * 100);

// ---------------------------------------------------------------------------------------------
// Discount
// ---------------------------------------------------------------------------------------------

/**
 * The percent difference between the ordinary price and the offer price (spec section 5),
 * rounded to the nearest whole percent with halves rounded up (Math.round), computed in whole
 * cents. 0 when origin_price is 0 (or not a number); negative when the offer costs more than
 * the ordinary price.
 */
export function discountPercent(origin_price: number, unit_price: number): number {
  if (!isNumber(origin_price) || !isNumber(unit_price)) return 0;
  const origin = cents(origin_price);
  if (origin === 0) return 0;
  // One division of two integers: a true half (x.5) stays exactly x.5 before rounding.
  const percent = Math.round(((origin - cents(unit_price)) * 100) / origin);
  // A price a few cents above the ordinary one rounds to -0, which would read "-0 %".
  return percent === 0 ? 0 : percent;
}

// ---------------------------------------------------------------------------------------------
// Rules
// ---------------------------------------------------------------------------------------------

/** 45 (OFFER_MIN_PRICE_RATIO as a whole percent, so the comparison stays in integers). */
const MIN_PRICE_PERCENT = Math.round(OFFER_MIN_PRICE_RATIO * 100);

/** The lowest offer price the 45 % rule allows for an ordinary price: 45 % of it, rounded up to the cent. */
export function minimumOfferPrice(origin_price: number): number {
  return Math.ceil((cents(origin_price) * MIN_PRICE_PERCENT) / 100) / 100;
}

/** unit_price must be at least 45 % of origin_price, compared in whole cents. */
export function minimumPriceRule(offer: Pick<OfferRuleInput, 'unit_price' | 'origin_price'>): string | null {
  const { unit_price, origin_price } = offer;
  if (!isNumber(unit_price) || !isNumber(origin_price)) return null;
  // 100 × unit ≥ 45 × origin, both sides integers: exact at the boundary.
  return cents(unit_price) * 100 >= cents(origin_price) * MIN_PRICE_PERCENT ? null : MIN_PRICE_MESSAGE;
}

/** A recurring offer (origin 'recurring') needs at least one weekday. */
export function recurringWeekdayRule(offer: Pick<OfferRuleInput, 'origin' | 'repeat_on_days'>): string | null {
  if (offer.origin !== 'recurring') return null;
  return (offer.repeat_on_days?.length ?? 0) > 0 ? null : RECURRING_WEEKDAY_MESSAGE;
}

/**
 * An offer of template origin must open for orders and for pickup later than `now` (ms): both
 * starts strictly after now.
 */
export function templateLaterThanNowRule(
  offer: Pick<OfferRuleInput, 'origin' | 'order_date_from' | 'pickup_date_from'>,
  now: number,
): string | null {
  if (offer.origin !== 'template') return null;
  const starts = [offer.order_date_from, offer.pickup_date_from].filter(isNumber);
  return starts.every((start) => start > now) ? null : TEMPLATE_LATER_THAN_NOW_MESSAGE;
}

/** When repeat days exist the (repeat) quantity must be filled in: the condition rule (0 is a quantity). */
export function quantityRequiredRule(value: { repeat_on_days?: Maybe<readonly number[]>; quantity?: Maybe<number | string> }): string | null {
  return conditionRule(value.quantity, value.repeat_on_days, QUANTITY_REQUIRED_MESSAGE);
}

/** order_date_to strictly after order_date_from: greater than date, an empty window included. */
export function orderWindowRule(offer: Pick<OfferRuleInput, 'order_date_from' | 'order_date_to'>): string | null {
  return greaterThanDateRule(offer.order_date_to, offer.order_date_from, ORDER_WINDOW_MESSAGE, { orEqual: true });
}

/** pickup_date_to strictly after pickup_date_from. */
export function pickupWindowRule(offer: Pick<OfferRuleInput, 'pickup_date_from' | 'pickup_date_to'>): string | null {
  return greaterThanDateRule(offer.pickup_date_to, offer.pickup_date_from, PICKUP_WINDOW_MESSAGE, { orEqual: true });
}

/**
 * The pickup window may overlap the order window (setting the order start copies it into the
 * pickup start and end, spec section 4) but must not end before the order window starts.
 */
export function pickupAfterOrderStartRule(offer: Pick<OfferRuleInput, 'order_date_from' | 'pickup_date_to'>): string | null {
  return greaterThanDateRule(offer.pickup_date_to, offer.order_date_from, PICKUP_BEFORE_ORDER_MESSAGE);
}

// ---------------------------------------------------------------------------------------------
// All of them
// ---------------------------------------------------------------------------------------------

type Check = [OfferRuleName, string, string | null];

const problemsOf = (checks: readonly Check[], path: readonly string[]): OfferProblem[] =>
  checks.flatMap(([rule, field, message]) => (message === null ? [] : [{ rule, path: [...path, field], message }]));

/**
 * The rules that do not depend on the clock, which the server re-checks on every save: price,
 * weekdays, windows. `path` prefixes the issue paths (a template's embedded offer: ['offer']).
 */
export function offerShapeProblems(offer: OfferRuleInput, path: readonly string[] = []): OfferProblem[] {
  return problemsOf(
    [
      ['minimumPrice', 'unit_price', minimumPriceRule(offer)],
      ['recurringNeedsWeekday', 'repeat_on_days', recurringWeekdayRule(offer)],
      ['orderWindow', 'order_date_to', orderWindowRule(offer)],
      ['pickupWindow', 'pickup_date_to', pickupWindowRule(offer)],
      ['pickupAfterOrderStart', 'pickup_date_to', pickupAfterOrderStartRule(offer)],
    ],
    path,
  );
}

/**
 * Every rule of an offer at `now` (ms), in the order of the form: price, weekdays, template
 * times, quantity, windows. Empty when the offer is fine.
 */
export function offerProblems(offer: OfferRuleInput, now: number): OfferProblem[] {
  return problemsOf(
    [
      ['minimumPrice', 'unit_price', minimumPriceRule(offer)],
      ['recurringNeedsWeekday', 'repeat_on_days', recurringWeekdayRule(offer)],
      ['templateLaterThanNow', 'order_date_from', templateLaterThanNowRule(offer, now)],
      ['quantityRequired', 'quantity', quantityRequiredRule(offer)],
      ['orderWindow', 'order_date_to', orderWindowRule(offer)],
      ['pickupWindow', 'pickup_date_to', pickupWindowRule(offer)],
      ['pickupAfterOrderStart', 'pickup_date_to', pickupAfterOrderStartRule(offer)],
    ],
    [],
  );
}

/**
 * A template's rules: "Quantity is required" on template_quantity when it repeats, and the
 * clock-free offer rules on its embedded offer (paths under `offer`). The "later than now" rule
 * is not one of them: a recurring template keeps the times of day of the day it was made.
 */
export function templateProblems(template: TemplateRuleInput): OfferProblem[] {
  const quantity = quantityRequiredRule({ repeat_on_days: template.repeat_on_days, quantity: template.template_quantity });
  return [...problemsOf([['quantityRequired', 'template_quantity', quantity]], []), ...offerShapeProblems(template.offer, ['offer'])];
}

/**
 * The rules as a zod refinement: `OfferFormSchema.superRefine(offerRefinement(() => Date.now()))`
 * puts each message on its field.
 */
export function offerRefinement(now: () => number) {
  return (offer: OfferRuleInput, ctx: z.RefinementCtx): void => {
    for (const problem of offerProblems(offer, now())) ctx.addIssue({ code: 'custom', message: problem.message, path: problem.path });
  };
}

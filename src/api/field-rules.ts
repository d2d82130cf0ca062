import * as z from 'zod';
import { REQUIRED_MESSAGE } from '../lib/rules';

/**
 * Field-level rules, defined once: the console's forms build their zod schemas from these, and
 * the request schemas the mock server validates bodies with (src/api/offers.ts, templates.ts,
 * logistics.ts) are made of the same pieces, so a value one refuses the other refuses too, with
 * the same message. Messages are English, as the server answers them ("<field>: <message>");
 * the forms translate them for display (src/screens/records/field-messages.ts).
 *
 * The spec gives no maxima: these are generous for a food store (an offer of 10,000 portions at
 * 10,000 €) and bound what a server has to store and compute with (1e308 is a number too).
 */

// ---------------------------------------------------------------------------------------------
// Limits
// ---------------------------------------------------------------------------------------------

/** An offer's or a template's name. */
export const NAME_MAX = 120;
/** Free descriptive text without a limit of its own. */
export const DESCRIPTION_MAX = 2000;
/** Portions of an offer, or of each offer a template makes. */
export const QUANTITY_MAX = 10_000;
/** A price in the store's currency. */
export const PRICE_MAX = 10_000;
/** The plausible range of a date, in unix seconds: 2000-01-01T00:00Z up to 2100-01-01T00:00Z. */
export const DATE_MIN_SECONDS = Date.UTC(2000, 0, 1) / 1000;
export const DATE_MAX_SECONDS = Date.UTC(2100, 0, 1) / 1000;
/** A phone number as the forms accept it: digits, an optional leading +, spaces, brackets, hyphens. */
export const PHONE_MAX = 20;
export const PHONE_PATTERN = /^\+?[0-9 ()-]{6,20}$/;

// ---------------------------------------------------------------------------------------------
// Messages (the forms' English wording, word for word)
// ---------------------------------------------------------------------------------------------

export { REQUIRED_MESSAGE };
export const WHOLE_NUMBER_MESSAGE = 'Enter a whole number';
export const QUANTITY_MIN_MESSAGE = 'Enter at least 1';
export const QUANTITY_MAX_MESSAGE = `Enter at most ${QUANTITY_MAX}`;
export const PRICE_MIN_MESSAGE = 'Enter a price above 0';
export const PRICE_MAX_MESSAGE = `Enter a price of at most ${PRICE_MAX}`;
export const DATE_RANGE_MESSAGE = 'Enter a date between 2000 and 2100';
export const PHONE_MESSAGE = 'Enter a valid phone number, e.g. +34 600 000 000';
/** "Use at most 120 characters". */
export const tooLongMessage = (max: number) => `Use at most ${max} characters`;

// ---------------------------------------------------------------------------------------------
// Fields
// ---------------------------------------------------------------------------------------------

const required = { error: REQUIRED_MESSAGE };

/** A name: something other than spaces, at most `max` characters once trimmed (kept trimmed). */
export const nameField = (max = NAME_MAX, requiredMessage = REQUIRED_MESSAGE) =>
  z.string({ error: requiredMessage }).trim().min(1, requiredMessage).max(max, tooLongMessage(max));

/** Optional text (may be empty), at most `max` characters once trimmed. */
export const textField = (max: number) => z.string().trim().max(max, tooLongMessage(max));

/** An optional phone: empty, or a phone number of at most PHONE_MAX characters. */
export const optionalPhoneField = z
  .string()
  .trim()
  .max(PHONE_MAX, tooLongMessage(PHONE_MAX))
  .refine((value) => value === '' || PHONE_PATTERN.test(value), PHONE_MESSAGE);

/** A whole count of portions: 1 … QUANTITY_MAX. */
export const quantityField = z
  .number(required)
  .int(WHOLE_NUMBER_MESSAGE)
  .min(1, QUANTITY_MIN_MESSAGE)
  .max(QUANTITY_MAX, QUANTITY_MAX_MESSAGE);

/** A price: above 0, at most PRICE_MAX (so always finite). */
export const priceField = z.number(required).positive(PRICE_MIN_MESSAGE).max(PRICE_MAX, PRICE_MAX_MESSAGE);

/** A date on the wire: unix seconds within the plausible range. */
export const unixSecondsField = z.number(required).min(DATE_MIN_SECONDS, DATE_RANGE_MESSAGE).max(DATE_MAX_SECONDS, DATE_RANGE_MESSAGE);

/** The same date in a form: milliseconds within the same range. */
export const millisField = z
  .number(required)
  .min(DATE_MIN_SECONDS * 1000, DATE_RANGE_MESSAGE)
  .max(DATE_MAX_SECONDS * 1000, DATE_RANGE_MESSAGE);

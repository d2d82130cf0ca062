import * as z from 'zod';
import { CHECKED_MESSAGE, checkedRule, regexRule } from './rules';

/**
 * The generic rules of spec section 5 as zod schemas, for the forms' resolvers: the same pure
 * rules (src/lib/rules.ts) a schema-less caller uses, so a form and a test cannot disagree.
 * Messages are whatever the form passes: a catalogue key (the truck and pickup forms' habit) or
 * text already in the operator's language.
 */

/**
 * A string matching `pattern`, otherwise `message`. Empty passes (chain `.min(1, …)` before it,
 * or use it inside a required field, to require a value).
 */
export function matches(pattern: RegExp, message: string) {
  return z.string().refine((value) => regexRule(value, pattern, message) === null, message);
}

/**
 * A checkbox that must be ticked: `true`, otherwise `message` ("must be checked" by default). Like
 * checkedRule, any value other than `true` is "not checked" (an unset field is `undefined`), so the
 * operator reads this message in their language rather than zod's English type error.
 */
export function mustBeChecked(message: string = CHECKED_MESSAGE) {
  return z.boolean({ error: message }).refine((value) => checkedRule(value, message) === null, message);
}

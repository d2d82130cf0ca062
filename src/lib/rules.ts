/**
 * The generic form rules of spec section 5, pure: each returns its message, or null when the rule
 * holds. The offer and template rules (src/api/offer-rules.ts) are built from them.
 */

/** Spec section 5: what a required date/time field says when it holds no valid date. */
export const REQUIRED_MESSAGE = 'is required';

type Maybe<T> = T | null | undefined;

/** Empty: nothing entered ('' / null / undefined / NaN / an empty list). 0 and false are values. */
export function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (typeof value === 'number') return Number.isNaN(value);
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/**
 * Datetime: a valid date or a number (milliseconds); anything else is "is required", unless the
 * field may be empty and is.
 */
export function datetimeRule(value: unknown, options: { allowEmpty?: boolean } = {}): string | null {
  if (isEmptyValue(value)) return options.allowEmpty ? null : REQUIRED_MESSAGE;
  if (typeof value === 'number') return Number.isFinite(value) ? null : REQUIRED_MESSAGE;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? REQUIRED_MESSAGE : null;
  if (typeof value === 'string') return Number.isNaN(Date.parse(value)) ? REQUIRED_MESSAGE : null;
  return REQUIRED_MESSAGE;
}

/**
 * Greater than date: the configured message when `value` is earlier than the other field's value
 * (`orEqual`: also when it is the same instant). Null while either is not a number: that is the
 * datetime rule's job.
 */
export function greaterThanDateRule(value: Maybe<number>, other: Maybe<number>, message: string, options: { orEqual?: boolean } = {}): string | null {
  if (typeof value !== 'number' || typeof other !== 'number' || !Number.isFinite(value) || !Number.isFinite(other)) return null;
  const tooEarly = options.orEqual ? value <= other : value < other;
  return tooEarly ? message : null;
}

/** Condition: the message when the named field is set (not empty) and the value is empty. */
export function conditionRule(value: unknown, condition: unknown, message: string): string | null {
  return !isEmptyValue(condition) && isEmptyValue(value) ? message : null;
}

/** Spec section 5: the "checked" rule's default message. */
export const CHECKED_MESSAGE = 'must be checked';

/**
 * Regex (spec section 5, "a generic regex rule: pattern and message"): the message when a value
 * is entered and does not match the pattern. An empty value passes: being required is another
 * rule's job. A global or sticky pattern is matched from the start every time (`test` on such a
 * RegExp would carry `lastIndex` over from the previous call).
 */
export function regexRule(value: unknown, pattern: RegExp, message: string): string | null {
  if (isEmptyValue(value)) return null;
  const text = typeof value === 'string' ? value : String(value);
  const fresh = pattern.global || pattern.sticky ? new RegExp(pattern.source, pattern.flags.replace(/[gy]/g, '')) : pattern;
  return fresh.test(text) ? null : message;
}

/** Checked (spec section 5): the message, "must be checked" by default, unless the value is exactly true. */
export function checkedRule(value: unknown, message: string = CHECKED_MESSAGE): string | null {
  return value === true ? null : message;
}

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CHECKED_MESSAGE, checkedRule, conditionRule, datetimeRule, greaterThanDateRule, isEmptyValue, regexRule, REQUIRED_MESSAGE } from '../../src/lib/rules';
import { matches, mustBeChecked } from '../../src/lib/zod-rules';

/** The messages a zod schema gives for a value ([] when it passes). */
function issuesOf(schema: ReturnType<typeof mustBeChecked>, value: unknown): string[] {
  const parsed = schema.safeParse(value);
  return parsed.success ? [] : parsed.error.issues.map((i) => i.message);
}

describe('the generic rules of spec section 5', () => {
  it('datetime: a valid date or number passes; anything else is "is required" unless empty is allowed', () => {
    expect(datetimeRule(Date.UTC(2030, 0, 1))).toBeNull();
    expect(datetimeRule(new Date(2030, 0, 1))).toBeNull();
    expect(datetimeRule('2030-01-01T10:00')).toBeNull();
    for (const bad of [undefined, null, '', '  ', Number.NaN, Number.POSITIVE_INFINITY, 'soon', new Date('nope'), {}]) expect(datetimeRule(bad)).toBe(REQUIRED_MESSAGE);
    expect(datetimeRule('', { allowEmpty: true })).toBeNull();
    expect(datetimeRule(Number.NaN, { allowEmpty: true })).toBeNull();
    // Allowing empty does not let a wrong value through.
    expect(datetimeRule('soon', { allowEmpty: true })).toBe(REQUIRED_MESSAGE);
  });

  it('greater than date: its message exactly when the value is earlier than the other field (or equal, with orEqual)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4e12 }), fc.integer({ min: 0, max: 4e12 }), (value, other) => {
        expect(greaterThanDateRule(value, other, 'too early')).toBe(value < other ? 'too early' : null);
        expect(greaterThanDateRule(value, other, 'too early', { orEqual: true })).toBe(value <= other ? 'too early' : null);
      }),
    );
    expect(greaterThanDateRule(null, 5, 'x')).toBeNull();
    expect(greaterThanDateRule(5, Number.NaN, 'x')).toBeNull();
  });

  it('condition: its message only when the named field is set and the value is empty', () => {
    const empties = fc.constantFrom<unknown>(undefined, null, '', ' ', Number.NaN, []);
    const values = fc.oneof(fc.integer(), fc.string({ minLength: 1 }).filter((s) => s.trim() !== ''), fc.array(fc.integer(), { minLength: 1 }), fc.boolean());
    fc.assert(fc.property(values, empties, (set, empty) => conditionRule(empty, set, 'needed') === 'needed'));
    fc.assert(fc.property(values, values, (set, value) => conditionRule(value, set, 'needed') === null));
    fc.assert(fc.property(empties, fc.oneof(empties, values), (unset, value) => conditionRule(value, unset, 'needed') === null));
    // 0 is a value, not an empty field.
    expect(isEmptyValue(0)).toBe(false);
    expect(conditionRule(0, [1], 'needed')).toBeNull();
  });
});

describe('the regex and checked rules of spec section 5', () => {
  const nonEmpty = fc.string({ minLength: 1 }).filter((s) => s.trim() !== '');

  it('regex: its message exactly when a value is entered and does not match; empty passes', () => {
    const digits = /^[0-9]+$/;
    fc.assert(
      fc.property(nonEmpty, (value) => {
        expect(regexRule(value, digits, 'digits only')).toBe(digits.test(value) ? null : 'digits only');
      }),
    );
    fc.assert(fc.property(fc.stringMatching(/^[0-9]{1,12}$/), (value) => regexRule(value, digits, 'digits only') === null));
    for (const empty of ['', '   ', undefined, null]) expect(regexRule(empty, digits, 'digits only')).toBeNull();
    // Numbers are read as their text.
    expect(regexRule(42, digits, 'digits only')).toBeNull();
  });

  it('regex: a global or sticky pattern gives the same answer however often it is asked', () => {
    const patterns = [/^a+$/g, /^a+$/y, /^a+$/gi];
    fc.assert(
      fc.property(fc.constantFrom(...patterns), fc.array(fc.constantFrom('aaa', 'b', 'A', 'aab'), { minLength: 1, maxLength: 8 }), (pattern, values) => {
        const plain = new RegExp(pattern.source, pattern.flags.replace(/[gy]/g, ''));
        for (const value of values) expect(regexRule(value, pattern, 'no')).toBe(plain.test(value) ? null : 'no');
      }),
    );
  });

  it('checked: passes only for true; the message is "must be checked" unless another is given', () => {
    expect(CHECKED_MESSAGE).toBe('must be checked');
    expect(checkedRule(true)).toBeNull();
    fc.assert(fc.property(fc.anything().filter((v) => v !== true), (value) => checkedRule(value) === CHECKED_MESSAGE));
    fc.assert(fc.property(fc.anything().filter((v) => v !== true), nonEmpty, (value, message) => checkedRule(value, message) === message));
  });

  it('the zod helpers agree with the pure rules, with the message given', () => {
    const phone = /^\+?[0-9 ()-]{6,20}$/;
    const schema = matches(phone, 'records.phoneInvalid');
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 24 }), fc.stringMatching(/^\+?[0-9 ]{6,20}$/)), (value) => {
        const parsed = schema.safeParse(value);
        const rule = regexRule(value, phone, 'records.phoneInvalid');
        expect(parsed.success ? [] : parsed.error.issues.map((i) => i.message)).toEqual(rule === null ? [] : ['records.phoneInvalid']);
      }),
    );
    expect(mustBeChecked().safeParse(true).success).toBe(true);
    expect(mustBeChecked().safeParse(false).error?.issues.map((i) => i.message)).toEqual(['must be checked']);
    expect(mustBeChecked('debe estar marcada').safeParse(false).error?.issues.map((i) => i.message)).toEqual(['debe estar marcada']);
  });

  it('mustBeChecked: only true passes; any other value fails with "must be checked" (or the message given), as checkedRule says', () => {
    const values = fc.oneof(fc.constant(true), fc.constant(false), fc.anything());
    fc.assert(
      fc.property(values, (value) => {
        expect(issuesOf(mustBeChecked(), value)).toEqual(value === true ? [] : ['must be checked']);
        expect(issuesOf(mustBeChecked(), value)).toEqual(checkedRule(value) === null ? [] : [CHECKED_MESSAGE]);
      }),
    );
    fc.assert(
      fc.property(values, nonEmpty, (value, message) => {
        expect(issuesOf(mustBeChecked(message), value)).toEqual(value === true ? [] : [message]);
      }),
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { conditionRule, datetimeRule, greaterThanDateRule, isEmptyValue, REQUIRED_MESSAGE } from '../../src/lib/rules';

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

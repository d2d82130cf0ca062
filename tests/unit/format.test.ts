import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMoney, formatNumber, formatPercent, formatThousands, relativeShort, shares, starsOf, type Locale } from '../../src/lib/format';

const intl: Record<Locale, string> = { en: 'en-GB', es: 'es-ES' };
const intlNumber = (value: number, locale: Locale, maximumFractionDigits: number) => new Intl.NumberFormat(intl[locale], { maximumFractionDigits }).format(value);
const intlMoney = (value: number, locale: Locale) => new Intl.NumberFormat(intl[locale], { style: 'currency', currency: 'EUR' }).format(value);
const intlPercent = (value: number, locale: Locale, maximumFractionDigits: number) => new Intl.NumberFormat(intl[locale], { style: 'percent', maximumFractionDigits }).format(value / 100);

/** Numbers as the console meets them: amounts in cents, counts, ratings, shares, and any double. */
const numbers = fc.oneof(
  fc.integer({ min: -10_000_000, max: 10_000_000 }).map((cents) => cents / 100),
  fc.integer({ min: -1e9, max: 1e9 }),
  fc.integer({ min: 0, max: 50 }).map((tenths) => tenths / 10),
  fc.double({ min: -1e13, max: 1e13, noNaN: true }),
  fc.double({ min: -10, max: 10, noNaN: true }),
  fc.constantFrom(0, -0, 0.5, -0.5, 1.005, 2.5, -2.5, 999.995, 0.045, 1234, 12345, 1e21, -1e22, 1e-7, Number.MAX_VALUE, Number.NaN, Infinity, -Infinity),
);
const locales = fc.constantFrom<Locale>('en', 'es');

describe('numbers are written as Intl writes them, without Intl (its first formatter costs a phone ~200 ms)', () => {
  it('plain numbers, 0 to 3 decimals', () => {
    fc.assert(
      fc.property(numbers, locales, fc.integer({ min: 0, max: 3 }), (value, locale, digits) => {
        expect(formatNumber(value, locale, digits)).toBe(intlNumber(value, locale, digits));
      }),
      { numRuns: 20_000 },
    );
  });

  it('money', () => {
    fc.assert(
      fc.property(numbers, locales, (value, locale) => {
        expect(formatMoney(value, locale)).toBe(intlMoney(value, locale));
      }),
      { numRuns: 20_000 },
    );
  });

  it('percentages', () => {
    fc.assert(
      fc.property(numbers, locales, fc.integer({ min: 0, max: 2 }), (value, locale, digits) => {
        expect(formatPercent(value, locale, digits)).toBe(intlPercent(value, locale, digits));
      }),
      { numRuns: 20_000 },
    );
  });

  it('groups thousands from four digits in English and from five in Spanish', () => {
    expect(formatNumber(1234, 'en')).toBe('1,234');
    expect(formatNumber(1234, 'es')).toBe('1234');
    expect(formatNumber(12_345.678, 'es', 2)).toBe('12.345,68');
  });
});

describe('thousands with K (charts)', () => {
  it.each([
    [0, '0'],
    [950, '950'],
    [999, '999'],
    [1000, '1K'],
    [1500, '1.5K'],
    [9949, '9.9K'],
    [12_000, '12K'],
    [12_499, '12K'],
    [1_250_000, '1,250K'],
    [-2500, '-2.5K'],
  ])('%d → %s', (value, text) => {
    expect(formatThousands(value, 'en')).toBe(text);
  });

  it('uses the language’s decimal separator', () => {
    expect(formatThousands(1500, 'es')).toBe('1,5K');
  });
});

describe('percent', () => {
  it('carries % and one decimal at most', () => {
    expect(formatPercent(42.345, 'en')).toBe('42.3%');
    expect(formatPercent(100, 'en')).toBe('100%');
    expect(formatPercent(7.25, 'es').replace(/\s/g, ' ')).toBe('7,3 %');
  });

  it('shares of a total add up to 100 and survive a zero total', () => {
    const parts = shares([1, 1, 2]);
    expect(parts).toEqual([25, 25, 50]);
    expect(shares([0, 0])).toEqual([0, 0]);
  });
});

describe('money and dates', () => {
  it('formats euros per language', () => {
    expect(formatMoney(12.5, 'en')).toBe('€12.50');
    expect(formatMoney(12.5, 'es').replace(/\s/g, ' ')).toBe('12,50 €');
  });

  it('shows order dates as year/month/day hour:minute and plain dates as DD MM YYYY', () => {
    const at = new Date(2026, 10, 2, 9, 5).getTime();
    expect(formatDateTime(at)).toBe('2026/11/02 09:05');
    expect(formatDate(at)).toBe('02 11 2026');
  });
});

describe('relative dates in short form', () => {
  const now = new Date(2026, 10, 22, 12, 0).getTime();
  const ago = (ms: number) => relativeShort(now - ms, now);
  const MIN = 60_000;
  const HOUR = 60 * MIN;
  const DAY = 24 * HOUR;

  it.each([
    [0, { count: 0, unit: 'now' }],
    [59_999, { count: 0, unit: 'now' }],
    [MIN, { count: 1, unit: 'm' }],
    [59 * MIN, { count: 59, unit: 'm' }],
    [2 * HOUR, { count: 2, unit: 'h' }],
    [3 * DAY, { count: 3, unit: 'd' }],
    [13 * DAY, { count: 1, unit: 'w' }],
    [45 * DAY, { count: 1, unit: 'mo' }],
    [400 * DAY, { count: 1, unit: 'y' }],
  ])('%d ms ago → %o', (ms, expected) => {
    expect(ago(ms)).toEqual(expected);
  });

  it('reads a time in the future as now', () => {
    expect(relativeShort(now + HOUR, now)).toEqual({ count: 0, unit: 'now' });
  });
});

describe('stars', () => {
  it.each([
    [0, { full: 0, half: 0, empty: 5 }],
    [4, { full: 4, half: 0, empty: 1 }],
    [4.3, { full: 4, half: 1, empty: 0 }],
    [4.5, { full: 4, half: 1, empty: 0 }],
    [4.8, { full: 5, half: 0, empty: 0 }],
    [3.1, { full: 3, half: 0, empty: 2 }],
    [7, { full: 5, half: 0, empty: 0 }],
    [-1, { full: 0, half: 0, empty: 5 }],
  ])('%d → %o', (rating, expected) => {
    expect(starsOf(rating)).toEqual(expected);
  });
});

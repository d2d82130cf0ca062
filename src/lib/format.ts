import { dayjs } from './dates';

/**
 * Display formats of spec section 9, as pure functions (the UI passes the language and "now").
 * Numbers follow the language's separators exactly as Intl writes them (see formatMoney's note);
 * dates are dayjs's, in digits, so the same in both languages.
 */
export type Locale = 'en' | 'es';

/** What a cell shows for a value the platform's answer left out (docs/spec-fields.md). */
export const NOT_GIVEN = '—';

const intlLocale: Record<Locale, string> = { en: 'en-GB', es: 'es-ES' };

/**
 * Numbers, money and percentages are written here rather than by Intl.NumberFormat: a page's first
 * NumberFormat is slow (ICU loads its locale data, the more so on a slow phone), and the overview's
 * figures are the first numbers a signed-in page shows. The output is Intl's, character for
 * character, for both languages (tests/unit/format.test.ts holds them to it with generated
 * numbers); numbers Intl would write in another way than plain digits (beyond ±1e21, tiny
 * fractions, NaN, ±∞) are still handed to Intl.
 */
const numberStyle: Record<Locale, { group: string; decimal: string; minimumGroupingDigits: number }> = {
  en: { group: ',', decimal: '.', minimumGroupingDigits: 1 },
  es: { group: '.', decimal: ',', minimumGroupingDigits: 2 },
};
/** The no-break space Intl puts between an amount and "€" or "%" in Spanish. */
const NBSP = '\u00a0';

/**
 * |value| × 10^shift with at most `maximumFractionDigits` decimals (at least `minimumFractionDigits`),
 * rounded half away from zero on the number's shortest decimal form, as Intl rounds. Undefined when
 * that form is not plain digits (exponent notation).
 */
function decimalDigits(value: number, shift: number, minimumFractionDigits: number, maximumFractionDigits: number): { whole: string; fraction: string } | undefined {
  const shortest = String(Math.abs(value));
  if (!/^\d+(\.\d+)?$/.test(shortest)) return undefined;
  const [wholeDigits, fractionDigits = ''] = shortest.split('.');
  // Move the decimal point `shift` places to the right (a percent is the value × 100).
  const padded = fractionDigits.padEnd(shift, '0');
  let whole = (wholeDigits + padded.slice(0, shift)).replace(/^0+(?=\d)/, '');
  let fraction = padded.slice(shift);
  if (fraction.length > maximumFractionDigits) {
    const roundUp = fraction.charCodeAt(maximumFractionDigits) >= 53; // '5'
    fraction = fraction.slice(0, maximumFractionDigits);
    if (roundUp) {
      const digits = (whole + fraction).split('').map(Number);
      let i = digits.length - 1;
      while (i >= 0 && digits[i] === 9) digits[i--] = 0;
      if (i >= 0) digits[i] += 1;
      else digits.unshift(1);
      const joined = digits.join('');
      whole = joined.slice(0, joined.length - fraction.length);
      fraction = joined.slice(joined.length - fraction.length);
    }
  }
  fraction = fraction.replace(/0+$/, '').padEnd(minimumFractionDigits, '0');
  return { whole: whole === '' ? '0' : whole, fraction };
}

function grouped(whole: string, locale: Locale): string {
  const { group, minimumGroupingDigits } = numberStyle[locale];
  if (whole.length < 4 + minimumGroupingDigits - 1) return whole;
  return whole.replace(/\B(?=(\d{3})+$)/g, group);
}

/** The number as Intl writes it for `locale`, or undefined when it has no plain-digit form. */
function plainNumber(value: number, locale: Locale, shift: number, minimumFractionDigits: number, maximumFractionDigits: number): { sign: string; text: string } | undefined {
  if (!Number.isFinite(value)) return undefined;
  const digits = decimalDigits(value, shift, minimumFractionDigits, maximumFractionDigits);
  if (!digits) return undefined;
  const text = grouped(digits.whole, locale) + (digits.fraction ? numberStyle[locale].decimal + digits.fraction : '');
  // Intl keeps the sign of a negative number, also when it rounds to zero (and of -0).
  return { sign: value < 0 || Object.is(value, -0) ? '-' : '', text };
}

/** Money in euros, two decimals: "€12.50" / "12,50 €". */
export function formatMoney(value: number, locale: Locale): string {
  const plain = plainNumber(value, locale, 0, 2, 2);
  if (!plain) return new Intl.NumberFormat(intlLocale[locale], { style: 'currency', currency: 'EUR' }).format(value);
  return locale === 'en' ? `${plain.sign}€${plain.text}` : `${plain.sign}${plain.text}${NBSP}€`;
}

export function formatNumber(value: number, locale: Locale, maximumFractionDigits = 0): string {
  const plain = plainNumber(value, locale, 0, 0, maximumFractionDigits);
  if (!plain) return new Intl.NumberFormat(intlLocale[locale], { maximumFractionDigits }).format(value);
  return plain.sign + plain.text;
}

/**
 * Charts show thousands with K (spec section 9): 950 → "950", 1 500 → "1.5K", 12 000 → "12K",
 * 1 250 000 → "1,250K". One decimal below 10K, none above; negative values keep their sign.
 */
export function formatThousands(value: number, locale: Locale): string {
  const magnitude = Math.abs(value);
  if (magnitude < 1000) return formatNumber(value, locale);
  const thousands = value / 1000;
  const digits = Math.abs(thousands) < 10 ? 1 : 0;
  return `${formatNumber(thousands, locale, digits)}K`;
}

/** Percentages carry % (spec section 9): 42.345 → "42.3%" ("42,3 %" in Spanish). */
export function formatPercent(value: number, locale: Locale, maximumFractionDigits = 1): string {
  // Intl's percent style writes the value it is given × 100: given value / 100, as before.
  const plain = plainNumber(value / 100, locale, 2, 0, maximumFractionDigits);
  if (!plain) return new Intl.NumberFormat(intlLocale[locale], { style: 'percent', maximumFractionDigits }).format(value / 100);
  return locale === 'en' ? `${plain.sign}${plain.text}%` : `${plain.sign}${plain.text}${NBSP}%`;
}

/** Each segment's share of the total in percent; all zeros when the total is zero. */
export function shares(values: readonly number[]): number[] {
  const total = values.reduce((sum, value) => sum + value, 0);
  return values.map((value) => (total > 0 ? (value / total) * 100 : 0));
}

export type RelativeUnit = 'now' | 'm' | 'h' | 'd' | 'w' | 'mo' | 'y';

/**
 * Relative time in short form (spec section 9: 1m, 2h, 3d): under a minute "now", then whole
 * minutes, hours, days, weeks, months and years, each as dayjs counts them (days by the wall
 * clock, months and years by the calendar). Future times read as "now". The UI words the unit in
 * its language (relative.* messages), so dayjs's relativeTime plugin, which writes whole phrases
 * in its own words, rounds, and has no weeks, is not used.
 */
export function relativeShort(at: number, now: number): { count: number; unit: RelativeUnit } {
  const then = dayjs(at);
  const current = dayjs(now);
  const since = (unit: 'minute' | 'hour' | 'day' | 'week' | 'month' | 'year') => Math.max(0, current.diff(then, unit));
  const minutes = since('minute');
  if (minutes < 1) return { count: 0, unit: 'now' };
  if (minutes < 60) return { count: minutes, unit: 'm' };
  const hours = since('hour');
  if (hours < 24) return { count: hours, unit: 'h' };
  const days = since('day');
  if (days < 7) return { count: days, unit: 'd' };
  const months = since('month');
  if (months < 1) return { count: since('week'), unit: 'w' };
  const years = since('year');
  if (years < 1) return { count: months, unit: 'mo' };
  return { count: years, unit: 'y' };
}

/** Order and delivery dates: year/month/day hour:minute, local time ("2026/11/22 09:05"). */
export const formatDateTime = (at: number): string => dayjs(at).format('YYYY/MM/DD HH:mm');

/** Plain dates: DD MM YYYY (spec section 9). */
export const formatDate = (at: number): string => dayjs(at).format('DD MM YYYY');

/** A plain date with its time: DD MM YYYY hh:mm, local time ("22 11 2026 09:05"). */
export const formatDateAndTime = (at: number): string => dayjs(at).format('DD MM YYYY HH:mm');

/**
 * A 0–5 rating as five stars: how many are full, half and empty (half from .25 up to .75,
 * rounding the rest), so 4.3 → 4 full + 1 half, 4.8 → 5 full.
 */
export function starsOf(rating: number): { full: number; half: number; empty: number } {
  const clamped = Math.min(5, Math.max(0, rating));
  const quarters = Math.round(clamped * 4);
  let full = Math.floor(quarters / 4);
  let half = 0;
  const remainder = quarters % 4;
  if (remainder === 3) full += 1;
  else if (remainder >= 1) half = 1;
  return { full, half, empty: 5 - full - half };
}

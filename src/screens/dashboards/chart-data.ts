import type { Earning, MonthlySales } from '../../api/management';
import { shares, type Locale } from '../../lib/format';

/**
 * What the dashboard's charts and their text alternatives show, derived from the server's answers.
 * Pure, so the chart module (ApexCharts, lazily loaded) and the hidden tables read the same values.
 */

/**
 * A calendar month ("2026-03") in the UI language: "Mar" for the axis, "March 2026" for the
 * tooltip and the table. Read as UTC so that no time zone moves it into the previous month.
 */
export function monthLabel(month: string, language: Locale, style: 'short' | 'long'): string {
  const [year, monthIndex] = month.split('-').map(Number);
  const date = new Date(Date.UTC(year, monthIndex - 1, 1));
  const options: Intl.DateTimeFormatOptions =
    style === 'short' ? { month: 'short', timeZone: 'UTC' } : { month: 'long', year: 'numeric', timeZone: 'UTC' };
  return new Intl.DateTimeFormat(language, options).format(date);
}

export interface SalesSeries {
  /** Axis labels, short month names. */
  categories: string[];
  /** The same months with their year (tooltip title, table rows): 12 months can span two years. */
  months: string[];
  values: number[];
}

export function salesSeries(sales: readonly MonthlySales[], language: Locale): SalesSeries {
  return {
    categories: sales.map((s) => monthLabel(s.month, language, 'short')),
    months: sales.map((s) => monthLabel(s.month, language, 'long')),
    values: sales.map((s) => s.value),
  };
}

/** A year of zeros is as empty as no rows: a chart of flat nothing reads worse than a sentence. */
export function hasSales(sales: readonly MonthlySales[]): boolean {
  return sales.some((s) => s.value > 0);
}

export interface EarningSegments {
  labels: string[];
  values: number[];
  /** The data's own colours (spec section 3: earnings carry a color). */
  colors: string[];
  /** Each segment's share of the total, 0–100. */
  percents: number[];
}

export function earningSegments(earnings: readonly Earning[]): EarningSegments {
  return {
    labels: earnings.map((e) => e.label),
    values: earnings.map((e) => e.value),
    colors: earnings.map((e) => e.color),
    percents: shares(earnings.map((e) => e.value)),
  };
}

/** Segments that add up to nothing cannot be drawn as a doughnut. */
export function hasEarnings(earnings: readonly Earning[]): boolean {
  return earnings.some((e) => e.value > 0);
}

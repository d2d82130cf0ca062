import { useTheme } from '@mui/joy/styles';
import { useMemo } from 'react';

/**
 * Both charts draw at this height; their skeletons, empty states and failures reserve the same.
 * It lives here, not in the chart module, so that reading it does not pull ApexCharts in.
 */
export const CHART_HEIGHT = 300;

/** What the charts take from the Joy theme, as plain values: ApexCharts writes SVG attributes, which do not resolve CSS variables. */
export interface ChartTheme {
  mode: 'light' | 'dark';
  fontFamily: string;
  /** Axis labels, legend. */
  textColor: string;
  gridColor: string;
  /** The card behind the chart. */
  surface: string;
  /** The sales bars: the brand colour with text contrast in either mode. */
  accent: string;
}

/** "var(--a, var(--b, #123456))" → "#123456": Joy's palette values name a variable and carry the value as its fallback. */
export function cssFallback(value: string): string {
  const match = /^var\(--[\w-]+,\s*(.+)\)$/.exec(value.trim());
  return match ? cssFallback(match[1]) : value;
}

/**
 * The chart theme of the current colour scheme. Inside CssVarsProvider, useTheme() carries the
 * palette of the scheme in use, so the charts re-render with the right colours when it changes.
 */
export function useChartTheme(): ChartTheme {
  const theme = useTheme();
  const { palette } = theme;
  const mode = palette.mode === 'dark' ? 'dark' : 'light';
  const fontFamily = cssFallback(theme.fontFamily.body);
  return useMemo(
    () => ({
      mode,
      fontFamily,
      textColor: cssFallback(palette.text.secondary),
      gridColor: mode === 'dark' ? palette.neutral[700] : palette.neutral[200],
      surface: cssFallback(palette.background.surface),
      accent: mode === 'dark' ? palette.primary[300] : palette.primary[500],
    }),
    [mode, fontFamily, palette],
  );
}

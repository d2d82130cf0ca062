import type { ApexOptions } from 'apexcharts';
import { useMemo } from 'react';
import Chart from 'react-apexcharts/core';
// The core plus only what these two charts draw (far smaller than the full build;
// TOOLCHAIN.md). This module is reached only through the dashboard's lazy imports, so no
// ApexCharts code lands in the sign-in or shell chunks.
import 'apexcharts/bar';
import 'apexcharts/donut';
import 'apexcharts/features/legend';
import { escapeHtml } from '../../lib/escape-html';
import { formatMoney, formatPercent, formatThousands, type Locale } from '../../lib/format';
import { CHART_HEIGHT, type ChartTheme } from './chart-theme';

/**
 * ApexCharts writes its legend and tooltip text with innerHTML, so every string that reaches one
 * of those (a segment's label comes from the server) goes through escapeHtml here, where the
 * options are built. Text it draws into the SVG (axis labels, data labels) is set with
 * textContent and stays raw.
 */
const tooltipTitle = (name: string) => (name ? `${escapeHtml(name)}: ` : '');

/**
 * What every chart shares: the theme's font and colours, no toolbar (nothing to zoom in 12 bars),
 * and the SVG exposed as one image with a name. Keyboard navigation stays off: the figures are in
 * the hidden table beside the chart, and a focusable chart would only add tab stops.
 */
function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

function baseOptions(theme: ChartTheme, label: string): ApexOptions {
  return {
    chart: {
      fontFamily: theme.fontFamily,
      foreColor: theme.textColor,
      background: 'transparent',
      toolbar: { show: false },
      zoom: { enabled: false },
      parentHeightOffset: 0,
      // Operators who asked their system for less motion get still charts.
      animations: { enabled: !prefersReducedMotion() },
      accessibility: { enabled: true, description: label, announcements: { enabled: false }, keyboard: { enabled: false } },
    },
    theme: { mode: theme.mode },
    tooltip: { theme: theme.mode },
  };
}

export interface SalesBarChartProps {
  /** The chart's accessible name. */
  label: string;
  seriesName: string;
  /** Short month names for the axis. */
  categories: string[];
  /** The same months with their year, for the tooltip title. */
  months: string[];
  values: number[];
  language: Locale;
  theme: ChartTheme;
}

/** Sales performance: one bar a month, the axis and tooltip in thousands marked K (spec section 9). */
export function SalesBarChart({ label, seriesName, categories, months, values, language, theme }: SalesBarChartProps) {
  const options = useMemo<ApexOptions>(() => {
    const base = baseOptions(theme, label);
    const thousands = (value: number) => formatThousands(value, language);
    return {
      ...base,
      colors: [theme.accent],
      plotOptions: { bar: { borderRadius: 4, columnWidth: '55%' } },
      dataLabels: { enabled: false },
      legend: { show: false },
      grid: { borderColor: theme.gridColor, strokeDashArray: 4 },
      xaxis: { categories, axisBorder: { show: false }, axisTicks: { show: false } },
      yaxis: { labels: { formatter: thousands } },
      tooltip: {
        ...base.tooltip,
        x: { formatter: (_value: number, opts?: { dataPointIndex?: number }) => escapeHtml(months[opts?.dataPointIndex ?? 0] ?? '') },
        y: { formatter: (value: number) => escapeHtml(thousands(value)), title: { formatter: tooltipTitle } },
      },
    };
  }, [theme, label, categories, months, language]);
  const series = useMemo(() => [{ name: seriesName, data: values }], [seriesName, values]);
  return <Chart type="bar" height={CHART_HEIGHT} width="100%" options={options} series={series} />;
}

export interface EarningsDoughnutProps {
  label: string;
  labels: string[];
  values: number[];
  colors: string[];
  /** Each segment's share, 0–100, computed once for the legend, the labels and the table. */
  percents: number[];
  language: Locale;
  theme: ChartTheme;
}

/** Earnings segmentation: a doughnut whose legend and labels carry each segment's label and percent. */
export function EarningsDoughnut({ label, labels, values, colors, percents, language, theme }: EarningsDoughnutProps) {
  const options = useMemo<ApexOptions>(() => {
    const base = baseOptions(theme, label);
    const percent = (value: number) => formatPercent(value, language);
    return {
      ...base,
      labels,
      colors,
      // Gaps between segments in the card's own colour.
      stroke: { width: 2, colors: [theme.surface] },
      legend: {
        position: 'bottom',
        formatter: (name: string, opts?: { seriesIndex?: number }) => escapeHtml(`${name}: ${percent(percents[opts?.seriesIndex ?? 0] ?? 0)}`),
      },
      // ApexCharts hands the label its own percentage; ours comes from the same shares as the legend.
      dataLabels: { enabled: true, formatter: (_value: number, opts?: { seriesIndex?: number }) => percent(percents[opts?.seriesIndex ?? 0] ?? 0) },
      plotOptions: { pie: { donut: { size: '60%' } } },
      tooltip: { ...base.tooltip, y: { formatter: (value: number) => escapeHtml(formatMoney(value, language)), title: { formatter: tooltipTitle } } },
    };
  }, [theme, label, labels, colors, percents, language]);
  return <Chart type="donut" height={CHART_HEIGHT} width="100%" options={options} series={values} />;
}

import Box from '@mui/joy/Box';
import Card from '@mui/joy/Card';
import Skeleton from '@mui/joy/Skeleton';
import Typography from '@mui/joy/Typography';
import { lazy, Suspense, useId, useMemo, type ReactNode } from 'react';
import type { Earning, MonthlySales } from '../../api/management';
import { useLocale, type MessageKey } from '../../i18n';
import { formatMoney, formatPercent } from '../../lib/format';
import type { LoadFailure } from '../../machines/shared/load-failure';
import type { PartStatus } from '../../machines/management';
import { earningSegments, hasEarnings, hasSales, salesSeries } from './chart-data';
import { CHART_HEIGHT, useChartTheme } from './chart-theme';
import { PartFailure } from './part-failure';
import { visuallyHidden } from '../../ui/visually-hidden';

// ApexCharts is the heaviest thing on the page: it loads after the dashboard itself, so the
// figures show while it arrives, and never for operators who do not open the dashboard.
const SalesBarChart = lazy(() => import('./management-charts').then((m) => ({ default: m.SalesBarChart })));
const EarningsDoughnut = lazy(() => import('./management-charts').then((m) => ({ default: m.EarningsDoughnut })));

function ChartSkeleton() {
  return <Skeleton variant="rectangular" height={CHART_HEIGHT} sx={{ borderRadius: 'sm' }} />;
}

function Centered({ children }: { children: ReactNode }) {
  return <Box sx={{ minHeight: CHART_HEIGHT, display: 'grid', alignContent: 'center', justifyItems: 'stretch', gap: 1 }}>{children}</Box>;
}

/** A chart's card: its heading, then whatever the part's state calls for, at one reserved height. */
function ChartCard({ title, headingId, status, children }: { title: MessageKey; headingId: string; status: PartStatus; children: ReactNode }) {
  const { t } = useLocale();
  return (
    <Card variant="outlined" aria-busy={status === 'loading'} sx={{ gap: 1.5, minWidth: 0 }}>
      <Typography level="title-lg" component="h2" id={headingId}>
        {t(title)}
      </Typography>
      {children}
    </Card>
  );
}

function Empty({ message }: { message: MessageKey }) {
  const { t } = useLocale();
  return (
    <Centered>
      <Typography level="body-md" textColor="text.secondary" textAlign="center">
        {t(message)}
      </Typography>
    </Centered>
  );
}

/** Sales performance (GET /stores/management_info_sales): 12 monthly bars plus their table for screen readers. */
export function SalesCard({
  status,
  failure,
  sales,
  onRetry,
}: {
  status: PartStatus;
  failure: LoadFailure | null;
  sales: MonthlySales[] | null;
  onRetry: () => void;
}) {
  const { t, language } = useLocale();
  const theme = useChartTheme();
  const headingId = useId();
  const series = useMemo(() => (sales ? salesSeries(sales, language) : null), [sales, language]);
  let body: ReactNode;
  if (status === 'failed') {
    body = (
      <Centered>
        <PartFailure message={t('management.errorSales')} failure={failure} onRetry={onRetry} />
      </Centered>
    );
  } else if (status === 'loading' || !sales || !series) {
    body = <ChartSkeleton />;
  } else if (!hasSales(sales)) {
    body = <Empty message="management.noSales" />;
  } else {
    body = (
      <Box component="figure" aria-labelledby={headingId} sx={{ m: 0, minHeight: CHART_HEIGHT }}>
        <Suspense fallback={<ChartSkeleton />}>
          <SalesBarChart
            label={t('management.salesChartLabel')}
            seriesName={t('management.salesSeries')}
            categories={series.categories}
            months={series.months}
            values={series.values}
            language={language}
            theme={theme}
          />
        </Suspense>
        <Box component="table" sx={visuallyHidden}>
          <caption>{t('management.salesTableCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('management.month')}</th>
              <th scope="col">{t('management.salesSeries')}</th>
            </tr>
          </thead>
          <tbody>
            {sales.map((row, i) => (
              <tr key={row.month}>
                <th scope="row">{series.months[i]}</th>
                <td>{formatMoney(row.value, language)}</td>
              </tr>
            ))}
          </tbody>
        </Box>
      </Box>
    );
  }
  return (
    <ChartCard title="management.salesPerformance" headingId={headingId} status={status}>
      {body}
    </ChartCard>
  );
}

/** Earnings segmentation (GET /stores/management_info_customers): a doughnut in the data's colours plus its table. */
export function EarningsCard({
  status,
  failure,
  earnings,
  onRetry,
}: {
  status: PartStatus;
  failure: LoadFailure | null;
  earnings: Earning[] | null;
  onRetry: () => void;
}) {
  const { t, language } = useLocale();
  const theme = useChartTheme();
  const headingId = useId();
  const segments = useMemo(() => (earnings ? earningSegments(earnings) : null), [earnings]);
  let body: ReactNode;
  if (status === 'failed') {
    body = (
      <Centered>
        <PartFailure message={t('management.errorCustomers')} failure={failure} onRetry={onRetry} />
      </Centered>
    );
  } else if (status === 'loading' || !earnings || !segments) {
    body = <ChartSkeleton />;
  } else if (!hasEarnings(earnings)) {
    body = <Empty message="management.noEarnings" />;
  } else {
    body = (
      <Box component="figure" aria-labelledby={headingId} sx={{ m: 0, minHeight: CHART_HEIGHT }}>
        <Suspense fallback={<ChartSkeleton />}>
          <EarningsDoughnut
            label={t('management.earningsChartLabel')}
            labels={segments.labels}
            values={segments.values}
            colors={segments.colors}
            percents={segments.percents}
            language={language}
            theme={theme}
          />
        </Suspense>
        <Box component="table" sx={visuallyHidden}>
          <caption>{t('management.earningsTableCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('management.segment')}</th>
              <th scope="col">{t('management.income')}</th>
              <th scope="col">{t('management.share')}</th>
            </tr>
          </thead>
          <tbody>
            {earnings.map((segment, i) => (
              <tr key={segment.id}>
                <th scope="row">{segment.label}</th>
                <td>{formatMoney(segment.value, language)}</td>
                <td>{formatPercent(segments.percents[i], language)}</td>
              </tr>
            ))}
          </tbody>
        </Box>
      </Box>
    );
  }
  return (
    <ChartCard title="management.earnings" headingId={headingId} status={status}>
      {body}
    </ChartCard>
  );
}

import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import CircularProgress from '@mui/joy/CircularProgress';
import FormControl from '@mui/joy/FormControl';
import FormLabel from '@mui/joy/FormLabel';
import Option from '@mui/joy/Option';
import Select from '@mui/joy/Select';
import Tab from '@mui/joy/Tab';
import TabList from '@mui/joy/TabList';
import Tabs from '@mui/joy/Tabs';
import Typography from '@mui/joy/Typography';
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { PaymentStatusSchema } from '../../api/finance';
import { useProjection } from '../../app/hooks';
import { Page } from '../../app/page';
import { useLocale } from '../../i18n';
import { now } from '../../lib/clock';
import { calendarDayOf, daysIn, financeRangeFromParams, type FinanceRange } from '../../lib/finance-range';
import { selectLoadFailure } from '../../machines/shared/load-failure';
import { liveSummaryMachine, PAYMENTS_PAGE_SIZE, type PaymentStatus, sameView, selectDownloading, selectPayments, selectPhase, selectSummaries, selectView, type SummaryTab, type SummaryView } from '../../machines/summary';
import { RangeForm } from './range-form';
import { DailyTable, FILTER_STATUSES, PaymentsTable, paymentStatusLabel } from './summary-tables';
import { useFlow } from '../../app/use-flow';
import { EmptyListCard, PagedListView } from '../shared/paged-list-view';
import { pageFromUrl, useUrlPagedList, type PagedListMachine } from '../shared/url-paged-list';

const ROW_HEIGHT = 40;
/** The Select's value for "All statuses" (a Select needs a value to show the option as chosen). */
const ALL = 'all';

/**
 * The URL carries everything the screen shows: the tab in the path (/summary/current-transactions,
 * /summary/daily), the range (?from=2025-01-01&to=2025-01-07; none = the last 7 days), the status
 * filter (?status=pending) and the 1-based page (?page=2), so reload and back restore them. Besides
 * the page, the screen changes one parameter at a time and keeps the rest of the query as it is.
 */
interface SummaryUrl {
  tab: SummaryTab;
  /** The query without the page. */
  query: string;
  /** The day it is read on: without ?from/&to the range ends on it, so a new day is a new view. */
  today: string;
}

function viewFromUrl({ tab, query }: SummaryUrl, page: number, at: number): SummaryView {
  const params = new URLSearchParams(query);
  const status = PaymentStatusSchema.safeParse(params.get('status'));
  return { tab, range: financeRangeFromParams(params, at), status: status.success ? status.data : null, page };
}

/** The view is read with the clock each time: a screen left open past midnight moves its default range along. */
const SUMMARY_VIEW: PagedListMachine<SummaryUrl, Parameters<typeof selectView>[0], { type: 'summary.show' } & SummaryView> = {
  shows: (snapshot, url, page) => sameView(viewFromUrl(url, page, now()), selectView(snapshot)),
  show: (url, page) => ({ type: 'summary.show', ...viewFromUrl(url, page, now()) }),
};

const summaryQuery = ({ query }: SummaryUrl, page: number) => withParams(query, { page: page > 0 ? String(page + 1) : null });

/** The URL's query with some parameters set (a string) or removed (null); the rest kept as it is. */
function withParams(params: URLSearchParams | string, changes: Record<string, string | null>): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [name, value] of Object.entries(changes)) {
    if (value === null) next.delete(name);
    else next.set(name, value);
  }
  return next;
}

const isTab = (tab: string | undefined): tab is SummaryTab => tab === 'current-transactions' || tab === 'daily';

/** /summary/{tab}: the current store's payments and daily summaries for a range of days. */
export default function SummaryScreen() {
  const { tab } = useParams();
  const storeId = useProjection('session', (view) => view.user?.store.id ?? null);
  if (!isTab(tab)) return <Navigate to="/errors/error-404" replace />;
  return <Page titleKey="page.summary">{storeId !== null && <AccountSummary key={storeId} storeId={storeId} tab={tab} />}</Page>;
}

function AccountSummary({ storeId, tab }: { storeId: number; tab: SummaryTab }) {
  const { t } = useLocale();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const today = calendarDayOf(now());
  const rest = withParams(params, { page: null }).toString();
  // One value per URL and day, so the machine hears of a change of either (a screen left open
  // past midnight moves its default range along).
  const url = useMemo((): SummaryUrl => ({ tab, query: rest, today }), [tab, rest, today]);
  const page = pageFromUrl(params);
  const view = viewFromUrl(url, page, now());

  const actor = useFlow(liveSummaryMachine, { input: { storeId, ...view } });
  const phase = useSelector(actor, selectPhase);
  const loadFailure = useSelector(actor, selectLoadFailure);
  const downloading = useSelector(actor, selectDownloading);
  const payments = useSelector(actor, selectPayments);
  const summaries = useSelector(actor, selectSummaries);

  // The URL is the source of truth: a change of tab, range, status or page loads that view. A page
  // past the end (an old link, fewer payments than before) is replaced by the last page.
  const loaded = payments === null ? null : { ...payments, rows: payments.data.length };
  const { show, onPage, pastTheEnd } = useUrlPagedList({ actor, machine: SUMMARY_VIEW, filter: url, page, queryFor: summaryQuery, setParams, loaded });

  const applyRange = (range: FinanceRange) => show({ ...url, query: withParams(rest, { from: range.from, to: range.to }).toString() });
  const chooseStatus = (next: PaymentStatus | null) => show({ ...url, query: withParams(rest, { status: next }).toString() });
  const switchTab = (next: SummaryTab) => {
    // The range goes along; status and page belong to the payments list.
    const query = withParams(params, { status: null, page: null }).toString();
    void navigate(query ? `/summary/${next}?${query}` : `/summary/${next}`);
  };

  return (
    <>
      <Tabs value={tab} onChange={(_, value) => isTab(value as string) && switchTab(value as SummaryTab)} sx={{ bgcolor: 'transparent', mb: 2 }}>
        <TabList aria-label={t('summary.tabs')}>
          <Tab value="current-transactions">{t('summary.tabCurrent')}</Tab>
          <Tab value="daily">{t('summary.tabDaily')}</Tab>
        </TabList>
      </Tabs>

      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start', mb: 2 }}>
        <RangeForm range={view.range} onApply={applyRange} />
        {tab === 'current-transactions' && <StatusFilter status={view.status} onChange={chooseStatus} />}
        <Button
          variant="outlined"
          // Not `disabled` while busy: the button keeps keyboard focus; a second press is ignored by the machine.
          aria-disabled={downloading}
          aria-busy={downloading}
          startDecorator={downloading ? <CircularProgress size="sm" /> : undefined}
          onClick={() => actor.send({ type: 'summary.download' })}
          sx={{ ml: { sm: 'auto' }, mt: '1.625rem' }}
          data-testid="summary-download"
        >
          {t('summary.download')}
        </Button>
      </Box>

      {/* Both tabs' failure and placeholder; only the payments tab has rows to page. */}
      <PagedListView
        phase={phase}
        failure={{ message: t('summary.loadFailed'), kind: loadFailure, retryLabel: t('summary.retry'), onRetry: () => actor.send({ type: 'summary.retry' }) }}
        placeholder={{ count: tab === 'daily' ? Math.min(daysIn(view.range), PAYMENTS_PAGE_SIZE) : PAYMENTS_PAGE_SIZE, height: ROW_HEIGHT }}
        empty={{
          title: view.status === null ? t('summary.paymentsEmpty') : t('summary.paymentsEmptyStatus', { status: t(paymentStatusLabel[view.status]) }),
          body: t('summary.paymentsEmptyBody'),
        }}
        range={{ message: 'summary.paymentsCount', testId: 'payments-count' }}
        // A page past the end shows nothing while the URL moves to the last page.
        list={payments === null || (payments.total > 0 && pastTheEnd) ? null : { ...payments, items: payments.data }}
        onPage={onPage}
        renderRows={(items) => <PaymentsTable payments={items} />}
      />

      {summaries && summaries.length === 0 && <EmptyListCard title={t('summary.dailyEmpty')} />}

      {summaries && summaries.length > 0 && (
        <>
          <DailyTable summaries={summaries} />
          {view.range.to === today && (
            <Typography level="body-sm" textColor="text.secondary" sx={{ mt: 1 }}>
              {t('summary.dailyLive')}
            </Typography>
          )}
        </>
      )}
    </>
  );
}

function StatusFilter({ status, onChange }: { status: PaymentStatus | null; onChange: (status: PaymentStatus | null) => void }) {
  const { t } = useLocale();
  return (
    <FormControl sx={{ minWidth: 190 }}>
      <FormLabel>{t('summary.statusFilter')}</FormLabel>
      <Select
        value={status ?? ALL}
        onChange={(_, value) => {
          const parsed = PaymentStatusSchema.safeParse(value);
          onChange(parsed.success ? parsed.data : null);
        }}
        slotProps={{ button: { 'data-testid': 'summary-status' } as Record<string, string> }}
        // Joy dims the placeholder to 64 %, below the 4.5:1 contrast text needs.
        sx={{ '--Select-placeholderOpacity': 1 }}
      >
        <Option value={ALL}>{t('summary.statusAll')}</Option>
        {FILTER_STATUSES.map((value) => (
          <Option key={value} value={value}>
            {t(paymentStatusLabel[value])}
          </Option>
        ))}
      </Select>
    </FormControl>
  );
}

import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import Card from '@mui/joy/Card';
import Typography from '@mui/joy/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useLocale, type MessageKey } from '../../i18n';
import { formatNumber } from '../../lib/format';
import { pageCount } from '../../lib/paging';
import type { LoadFailureKind } from '../../ui/load-failure-message';
import { RetryAlert, SkeletonStack } from '../../ui/load-states';
import { Pagination, usePaginationLabels } from '../../ui/pagination';

/**
 * The one frame every paged list screen renders its rows through, so the lists look and read
 * alike: the stale note, the load failure with Retry, the placeholder of a first load, the empty
 * state, the "1–10 of 23" range, the rows and the pager. Data and callbacks in, no machine: the
 * screen says where its load stands and which page is on screen (the URL side is
 * ./url-paged-list.ts). The rows are the screen's, behind the one `renderRows` prop, so how a row looks
 * (a table row, a card) can change in one place.
 */

/** The page on screen: its rows, where it starts, the page size and how many rows the list has in all. */
export interface ShownPage<T> {
  items: readonly T[];
  offset: number;
  limit: number;
  total: number;
}

/** What an empty list says: a heading, a line under it, and the way to make the first record. */
export interface EmptyListText {
  title: string;
  body?: string;
  action?: { label: string; to: string };
}

export function PagedListView<T>({
  phase,
  failure,
  placeholder,
  stale = null,
  empty,
  range,
  list,
  renderRows,
  onPage,
  pager,
}: {
  /** Where the load stands (the machines call the last phase ready or loaded; only loading and failed matter here). */
  phase: 'loading' | 'failed' | 'ready' | 'loaded';
  /** Said while the phase is failed: the screen's catalogue message, replaced for an unreadable or refused answer. */
  failure: { message: string; kind: LoadFailureKind | null; retryLabel: string; onRetry: () => void };
  /**
   * What holds the rows' place while a load has nothing to show yet: `count` placeholders of the
   * rows' height (so the page does not jump when they arrive), or the screen's own when its rows
   * are not a stack (a grid of cards).
   */
  placeholder: { count: number; height: number } | { custom: ReactNode };
  /** The rows on screen are an older answer: said above everything else while the screen passes it (`warning`: in the warning colour). */
  stale?: { message: string; testId?: string; warning?: boolean } | null;
  empty: EmptyListText;
  /** The range line's message ({from}, {to}, {total}) and its test id. */
  range: { message: MessageKey; testId: string };
  /** The page to show; null while there is none (a first load, a failure, a page past the end on its way to the last). */
  list: ShownPage<T> | null;
  /** The rows of the page, in their container (a list, a table, a grid). */
  renderRows: (items: readonly T[]) => ReactNode;
  /** Another page (0-based). */
  onPage: (page: number) => void;
  /**
   * Left out, the pager goes with the rows, at the page shown. Given, it stands on its own: the
   * reviews keep it, at the page asked for, while that page loads or fails (null: no pager).
   */
  pager?: { page: number; pageCount: number } | null;
}) {
  const { t, language } = useLocale();
  const labels = usePaginationLabels();
  const withRows = list !== null && list.total > 0;
  const shownPager = pager !== undefined ? pager : withRows ? pagerAt(list) : null;

  return (
    <>
      {stale !== null && (
        <Typography
          role="status"
          level="body-sm"
          color={stale.warning ? 'warning' : undefined}
          textColor={stale.warning ? undefined : 'text.secondary'}
          sx={{ mb: 1 }}
          data-testid={stale.testId}
        >
          {stale.message}
        </Typography>
      )}

      {phase === 'failed' && <RetryAlert message={failure.message} failure={failure.kind} retryLabel={failure.retryLabel} onRetry={failure.onRetry} />}

      {phase === 'loading' &&
        list === null &&
        ('custom' in placeholder ? placeholder.custom : <SkeletonStack count={placeholder.count} height={placeholder.height} label={t('app.loading')} />)}

      {list !== null && list.total === 0 && <EmptyListCard {...empty} />}

      {withRows && (
        <>
          <Typography level="body-sm" textColor="text.secondary" sx={{ mb: 1 }} data-testid={range.testId}>
            {t(range.message, {
              from: formatNumber(list.items.length > 0 ? list.offset + 1 : list.offset, language),
              to: formatNumber(list.offset + list.items.length, language),
              total: formatNumber(list.total, language),
            })}
          </Typography>
          {renderRows(list.items)}
        </>
      )}

      {shownPager !== null && (
        <Box sx={{ mt: 2 }}>
          <Pagination page={shownPager.page} pageCount={shownPager.pageCount} onChange={onPage} labels={labels} />
        </Box>
      )}
    </>
  );
}

/** The pager of the page shown: which page it is, of how many. */
function pagerAt({ offset, limit, total }: ShownPage<unknown>) {
  return { page: Math.floor(offset / Math.max(1, limit)), pageCount: pageCount({ total, limit }) };
}

/** An empty list (or an empty part of a screen): the heading, the line under it and the way to create one, centred in a card. */
export function EmptyListCard({ title, body, action }: EmptyListText) {
  // Joy's Card marks its first and last child (data-first-child, data-last-child) counting empty
  // slots too, so only the parts present are its children.
  const parts = [
    <Typography key="title" level="title-md" component="h2">
      {title}
    </Typography>,
  ];
  if (body) parts.push(<Typography key="body" level="body-sm">{body}</Typography>);
  if (action) {
    parts.push(
      <Button key="action" component={RouterLink} to={action.to} variant="outlined" sx={{ mt: 1 }}>
        {action.label}
      </Button>,
    );
  }
  return (
    <Card variant="outlined" sx={{ textAlign: 'center', py: 5, alignItems: 'center' }}>
      {parts}
    </Card>
  );
}

/**
 * The rows of a list stay on screen while another page or filter loads: greyed only when the next
 * rows take a while (a quick page change does not flicker). Grey, not faded: the rows keep their
 * contrast (a 0.6 opacity failed WCAG AA, in dark most).
 */
export function refreshingSx(refreshing: boolean) {
  return { filter: refreshing ? 'grayscale(1)' : 'none', transition: refreshing ? 'filter 120ms 250ms' : 'none' } as const;
}

import Badge from '@mui/joy/Badge';
import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import Chip from '@mui/joy/Chip';
import ChipDelete from '@mui/joy/ChipDelete';
import Tab from '@mui/joy/Tab';
import TabList from '@mui/joy/TabList';
import Tabs from '@mui/joy/Tabs';
import { useSelector } from '@xstate/react';
import { memo, useCallback, useMemo, useState } from 'react';
import { Link as RouterLink, Navigate, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { defaultSortFor, type Order, type OrdersListFilter, type OrdersTab } from '../../api/orders';
import { useProjection } from '../../app/hooks';
import { Page } from '../../app/page';
import { useLocale, type Translate } from '../../i18n';
import { now } from '../../lib/clock';
import { dayjs } from '../../lib/dates';
import { CARDS_BELOW, ListTable, type ListColumn } from '../shared/list-table';
import { PagedListView, refreshingSx } from '../shared/paged-list-view';
import { filterAndPage, useUrlPagedList } from '../shared/url-paged-list';
import { selectLoadFailure } from '../../machines/shared/load-failure';
import { liveOrdersListMachine, ORDERS_PAGE_SIZE, selectConfirmingCancel, selectOrdersMutating, selectOrdersPhase, selectOrdersStale } from '../../machines/orders';
import { SearchBar } from '../../ui/search-bar';
import { CancelOrderDialog } from './cancel-order-dialog';
import CounterScreen from './counter-screen';
import { OrderRow, orderRowStyles } from './order-row';
import { OrdersFilterDrawer } from './orders-filter-drawer';
import { activeFilterCount, filterFromUrl, ORDERS_TABS, pageFromUrl, pathForTab, queryFor } from './orders-url';
import { useFlow } from '../../app/use-flow';
import { afterNextPaint } from '../../lib/first-paint';

/** Table rows and their skeletons share this height, so the page does not jump when data arrives. */
const ORDER_ROW_HEIGHT = 64;
const ORDERS_LIST = filterAndPage('orders.show');

/**
 * /operations/orders/{tab} and /operations/orders/filter/{tab}: the pending and sold (past)
 * orders; /operations/orders/counter is counter mode.
 */
export default function OrdersScreen() {
  const { tab } = useParams();
  const storeId = useProjection('session', (view) => view.user?.store.id ?? null);
  if (tab === 'counter') return <CounterScreen />;
  if (!ORDERS_TABS.includes(tab as OrdersTab)) return <Navigate to="/errors/error-404" replace />;
  return <Page titleKey="page.orders">{storeId !== null && <OrdersList key={storeId} tab={tab as OrdersTab} />}</Page>;
}

function OrdersList({ tab }: { tab: OrdersTab }) {
  const { t } = useLocale();
  const [params, setParams] = useSearchParams();
  // One filter object per URL, so effects and callbacks below change only when the URL does.
  const filter = useMemo(() => filterFromUrl(tab, params), [tab, params]);
  const page = pageFromUrl(params);

  const actor = useFlow(liveOrdersListMachine, { input: { filter, page } });
  const phase = useSelector(actor, selectOrdersPhase);
  const loadFailure = useSelector(actor, selectLoadFailure);
  const busy = useSelector(actor, selectOrdersMutating);
  const stale = useSelector(actor, selectOrdersStale);
  const confirming = useSelector(actor, selectConfirmingCancel);
  const orders = useProjection('orders', (view) => view);
  const [drawerOpen, setDrawerOpen] = useState(false);

  // Handing over the only order of the last pending page leaves it empty: the hook shows the new last page.
  const loaded = phase === 'ready' && orders.loaded ? { ...orders, rows: orders.items.length } : null;
  const { show, filterRef, onPage } = useUrlPagedList({ actor, machine: ORDERS_LIST, filter, page, queryFor, setParams, loaded });

  const onSearch = useCallback((search: string) => show({ ...filterRef.current, search }, 0, true), [show, filterRef]);
  const openFilters = useCallback(() => setDrawerOpen(true), []);

  const onPickedUp = useCallback((order: Order) => actor.send({ type: 'orders.setStatus', order, status: 1 }), [actor]);
  const onAskCancel = useCallback((order: Order) => actor.send({ type: 'orders.askCancel', order }), [actor]);

  // Another page or filter of the same tab is loading: the rows on screen stay (dimmed, busy) until
  // the new ones arrive, instead of flashing skeletons. A first load or another tab shows skeletons.
  const refreshing = phase === 'loading' && orders.loaded && orders.filter.tab === tab;
  const shown = (phase === 'ready' || refreshing) && orders.loaded;
  const narrowed = filter.search !== '' || activeFilterCount(filter) > 0;
  // Rows read "now" for PENDING vs NON PICKED UP; to the minute, so memoised rows stay put between polls.
  const at = dayjs(now()).startOf('minute').valueOf();
  const columns = useMemo(() => orderColumns(t, tab), [t, tab]);

  return (
    <>
      <OrdersToolbar tab={tab} search={filter.search} activeFilters={activeFilterCount(filter)} onSearch={onSearch} onOpenFilters={openFilters} />

      <ActiveFilters filter={filter} onChange={(next) => show(next)} />

      <PagedListView
        phase={phase}
        failure={{ message: t('orders.error'), kind: loadFailure, retryLabel: t('orders.retry'), onRetry: () => actor.send({ type: 'orders.retry' }) }}
        placeholder={{ count: ORDERS_PAGE_SIZE, height: ORDER_ROW_HEIGHT }}
        stale={stale ? { message: t('orders.stale'), warning: true } : null}
        empty={{
          title: narrowed ? t('orders.emptyFiltered') : tab === 'pending' ? t('orders.emptyPending') : t('orders.emptySold'),
          body: narrowed ? t('orders.emptyFilteredBody') : t('orders.emptyBody'),
        }}
        range={{ message: 'orders.range', testId: 'orders-range' }}
        list={shown ? orders : null}
        onPage={onPage}
        renderRows={(items) => (
          <ListTable
            label={t(tab === 'pending' ? 'orders.tabPending' : 'orders.tabSold')}
            regionLabel={t('orders.tableLabel')}
            columns={columns}
            // On a wide screen, below this the table scrolls sideways (its region is focusable) instead of crushing the items.
            minWidth={tab === 'pending' ? 960 : 780}
            busy={refreshing}
            sheetSx={refreshingSx(refreshing)}
            tableSx={{
              '& tbody td, & tbody th': { height: ORDER_ROW_HEIGHT },
              ...orderRowStyles,
              // A card has room for a date's time and day on one line.
              [CARDS_BELOW]: { '& .when .line': { display: 'inline' }, '& .when .line.secondary': { marginLeft: '8px' } },
            }}
          >
            {items.map((order) => (
              <OrderRow
                key={order.id}
                order={order}
                now={at}
                withActions={tab === 'pending'}
                disabled={busy}
                onPickedUp={onPickedUp}
                onAskCancel={onAskCancel}
              />
            ))}
          </ListTable>
        )}
      />

      {/* Mounted only while open: closed, it would re-render with every page of the list. */}
      {drawerOpen && (
        <OrdersFilterDrawer
          open
          filter={filter}
          onClose={() => setDrawerOpen(false)}
          onApply={(next) => {
            // The drawer closes in this frame; the list's request and render follow it (afterNextPaint).
            setDrawerOpen(false);
            afterNextPaint(() => show(next));
          }}
        />
      )}

      <CancelOrderDialog order={confirming} onKeep={() => actor.send({ type: 'orders.dismissCancel' })} onConfirm={() => actor.send({ type: 'orders.confirmCancel' })} />
    </>
  );
}

/**
 * The orders table's columns, and where each goes on a phone's card: the order number with its
 * pickup status, the customer under it, then items, total and the dates, and the actions.
 */
function orderColumns(t: Translate, tab: OrdersTab): ListColumn[] {
  const columns: ListColumn[] = [
    { label: t('orders.col.order'), place: 'title', width: 88, rowHeader: true },
    { label: t('orders.col.customer'), place: 'subtitle', width: '17%' },
    { label: t('orders.col.items'), place: 'fact' },
    { label: t('orders.col.total'), place: 'fact', width: 72, numeric: true },
    { label: t('orders.col.date'), place: 'fact', width: 96 },
    { label: t('orders.col.pickup'), place: 'fact', width: 108 },
    { label: t('orders.col.status'), place: 'status', width: 128 },
  ];
  return tab === 'pending' ? [...columns, { label: t('orders.col.actions'), place: 'actions', width: 200, labelHidden: true }] : columns;
}

/** Tabs, search bar, Filters and Counter mode: memoised, so paging through the list leaves them be. */
const OrdersToolbar = memo(function OrdersToolbar({
  tab,
  search,
  activeFilters,
  onSearch,
  onOpenFilters,
}: {
  tab: OrdersTab;
  search: string;
  activeFilters: number;
  onSearch: (search: string) => void;
  onOpenFilters: () => void;
}) {
  const t = useLocale().t;
  const navigate = useNavigate();
  return (
  <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 1.5 }}>
    <Tabs value={tab} onChange={(_, value) => void navigate(pathForTab(value === 'sold' ? 'sold' : 'pending'))} sx={{ bgcolor: 'transparent' }}>
      <TabList aria-label={t('orders.tabs')}>
        <Tab value="pending">{t('orders.tabPending')}</Tab>
        <Tab value="sold">{t('orders.tabSold')}</Tab>
      </TabList>
    </Tabs>
    <SearchBar value={search} onSearch={onSearch} label={t('orders.search')} clearLabel={t('orders.clearSearch')} minWidth={280} />
    <Badge badgeContent={activeFilters} size="sm" color="primary">
      <Button variant="outlined" color="neutral" onClick={onOpenFilters} aria-haspopup="dialog">
        {t('orders.filters')}
      </Button>
    </Badge>
    <Button component={RouterLink} to="/operations/orders/counter" sx={{ ml: 'auto' }}>
      {t('counter.open')}
    </Button>
  </Box>
  );
});

/** The applied drawer choices as chips, each removable on its own. */
function ActiveFilters({ filter, onChange }: { filter: OrdersListFilter; onChange: (next: OrdersListFilter) => void }) {
  const t = useLocale().t;
  const chips: Array<{ key: string; label: string; without: OrdersListFilter }> = [
    ...filter.statuses.map((status) => ({
      key: status,
      label: t(`pickup.${status}`),
      without: { ...filter, statuses: filter.statuses.filter((s) => s !== status) },
    })),
    ...(filter.from !== null || filter.to !== null
      ? [{ key: 'range', label: t('orders.rangeChip', { from: filter.from ?? '…', to: filter.to ?? '…' }), without: { ...filter, from: null, to: null } }]
      : []),
    ...(filter.sort !== defaultSortFor(filter.tab)
      ? [{ key: 'sort', label: t(`orders.sort.${filter.sort}`), without: { ...filter, sort: defaultSortFor(filter.tab) } }]
      : []),
  ];
  if (chips.length === 0) return null;
  return (
    <Box component="ul" aria-label={t('orders.activeFilters')} sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', listStyle: 'none', p: 0, m: 0, mb: 1.5 }}>
      {chips.map((chip) => (
        <li key={chip.key}>
          <Chip variant="soft" endDecorator={<ChipDelete aria-label={t('orders.removeFilter', { filter: chip.label })} onDelete={() => onChange(chip.without)} />}>
            {chip.label}
          </Chip>
        </li>
      ))}
    </Box>
  );
}

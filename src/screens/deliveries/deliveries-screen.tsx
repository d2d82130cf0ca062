import Badge from '@mui/joy/Badge';
import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import Card from '@mui/joy/Card';
import Chip from '@mui/joy/Chip';
import ChipDelete from '@mui/joy/ChipDelete';
import Skeleton from '@mui/joy/Skeleton';
import Typography from '@mui/joy/Typography';
import { useSelector } from '@xstate/react';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useProjection } from '../../app/hooks';
import { Page } from '../../app/page';
import { useLocale } from '../../i18n';
import { formatNumber } from '../../lib/format';
import { pageCount } from '../../lib/paging';
import { filterAndPage, useUrlPagedList } from '../shared/url-paged-list';
import { liveDeliveriesListMachine, selectDeliveriesPhase, selectTrucks, selectTrucksLoadFailure, selectTrucksPhase } from '../../machines/deliveries';
import type { DeliveriesFilter } from '../../machines/journal/events';
import { selectLoadFailure } from '../../machines/shared/load-failure';
import { RetryAlert } from '../../ui/load-states';
import { Pagination, usePaginationLabels } from '../../ui/pagination';
import { SearchBar } from '../../ui/search-bar';
import { DeliveriesFilterDrawer } from './deliveries-filter-drawer';
import { activeDeliveryFilterCount, deliveriesFilterFromUrl, deliveriesQueryFor, NO_DELIVERY_FILTER, pageFromUrl } from './deliveries-url';
import { DeliveryCard } from './delivery-card';
import { useFlow } from '../../app/use-flow';

/** The cards' grid: as many 300 px columns as fit, one on a phone. */
const GRID_SX = {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 300px), 1fr))',
  gap: 2,
  listStyle: 'none',
  p: 0,
  m: 0,
} as const;
/** A card's height, so skeletons hold the place of what replaces them. */
const CARD_HEIGHT = 330;
const DELIVERIES_LIST = filterAndPage('deliveries.show');

/** /delivery-orders (Operations → Delivery Orders): the store's delivery orders as cards. */
export default function DeliveriesScreen() {
  const storeId = useProjection('session', (view) => view.user?.store.id ?? null);
  return <Page titleKey="page.deliveryOrders">{storeId !== null && <DeliveriesList key={storeId} />}</Page>;
}

function DeliveriesList() {
  const { t, language } = useLocale();
  const [params, setParams] = useSearchParams();
  // One filter object per URL, so the effect below runs only when the URL changes.
  const filter = useMemo(() => deliveriesFilterFromUrl(params), [params]);
  const page = pageFromUrl(params);

  const actor = useFlow(liveDeliveriesListMachine, { input: { filter, page } });
  const phase = useSelector(actor, selectDeliveriesPhase);
  const loadFailure = useSelector(actor, selectLoadFailure);
  const trucks = useSelector(actor, selectTrucks);
  const trucksPhase = useSelector(actor, selectTrucksPhase);
  const trucksLoadFailure = useSelector(actor, selectTrucksLoadFailure);
  const deliveries = useProjection('deliveries', (view) => view);
  const [drawerOpen, setDrawerOpen] = useState(false);

  const loaded = phase === 'ready' && deliveries.loaded ? { ...deliveries, rows: deliveries.items.length } : null;
  const { show, filterRef, onPage } = useUrlPagedList({ actor, machine: DELIVERIES_LIST, filter, page, queryFor: deliveriesQueryFor, setParams, loaded });
  const onSearch = useCallback((text: string) => show({ ...filterRef.current, text }, 0, true), [show, filterRef]);
  const openFilters = () => {
    actor.send({ type: 'deliveries.needTrucks' });
    setDrawerOpen(true);
  };
  const labels = usePaginationLabels();

  // The cards of this list stay (dimmed) while another page or filter loads; a first visit shows skeletons.
  const refreshing = phase === 'loading' && deliveries.loaded;
  const shown = (phase === 'ready' || refreshing) && deliveries.loaded;
  const narrowed = filter.text !== '' || activeDeliveryFilterCount(filter) > 0;

  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 1.5 }}>
        <SearchBar value={filter.text} onSearch={onSearch} label={t('deliveries.search')} clearLabel={t('deliveries.clearSearch')} minWidth={300} />
        <Badge badgeContent={activeDeliveryFilterCount(filter)} size="sm" color="primary">
          <Button variant="outlined" color="neutral" onClick={openFilters} aria-haspopup="dialog">
            {t('deliveries.filters')}
          </Button>
        </Badge>
      </Box>

      <ActiveDeliveryFilters filter={filter} onChange={(next) => show(next)} />

      {phase === 'failed' && <RetryAlert message={t('deliveries.loadFailed')} failure={loadFailure} retryLabel={t('deliveries.retry')} onRetry={() => actor.send({ type: 'deliveries.retry' })} />}

      {phase === 'loading' && !refreshing && (
        <Box component="ul" sx={GRID_SX} aria-busy="true" aria-label={t('app.loading')}>
          {Array.from({ length: 6 }, (_, i) => (
            <li key={i}>
              <Skeleton variant="rectangular" height={CARD_HEIGHT} sx={{ borderRadius: 'md' }} />
            </li>
          ))}
        </Box>
      )}

      {shown && deliveries.total === 0 && (
        <Card variant="outlined" sx={{ textAlign: 'center', py: 5, alignItems: 'center' }}>
          <Typography level="title-md" component="h2">
            {narrowed ? t('deliveries.emptyFiltered') : t('deliveries.empty')}
          </Typography>
          <Typography level="body-sm">{narrowed ? t('deliveries.emptyFilteredBody') : t('deliveries.emptyBody')}</Typography>
        </Card>
      )}

      {shown && deliveries.total > 0 && (
        <>
          <Typography level="body-sm" textColor="text.secondary" sx={{ mb: 1 }} data-testid="deliveries-range">
            {t('deliveries.range', {
              from: formatNumber(deliveries.items.length > 0 ? deliveries.offset + 1 : deliveries.offset, language),
              to: formatNumber(deliveries.offset + deliveries.items.length, language),
              total: formatNumber(deliveries.total, language),
            })}
          </Typography>
          <Box
            component="ul"
            aria-label={t('deliveries.listLabel')}
            aria-busy={refreshing}
            sx={{ ...GRID_SX, filter: refreshing ? 'grayscale(1)' : 'none', transition: refreshing ? 'filter 120ms 250ms' : 'none' }}
          >
            {deliveries.items.map((delivery) => (
              // A grid cell, so each card fills its row's height.
              <Box component="li" key={delivery.id} sx={{ display: 'grid' }}>
                <DeliveryCard delivery={delivery} />
              </Box>
            ))}
          </Box>
          <Box sx={{ mt: 2 }}>
            <Pagination
              page={Math.floor(deliveries.offset / Math.max(1, deliveries.limit))}
              pageCount={pageCount(deliveries)}
              onChange={onPage}
              labels={labels}
            />
          </Box>
        </>
      )}

      {drawerOpen && (
        <DeliveriesFilterDrawer
          filter={filter}
          trucks={trucks}
          trucksPhase={trucksPhase}
          trucksLoadFailure={trucksLoadFailure}
          onRetryTrucks={() => actor.send({ type: 'deliveries.needTrucks' })}
          onClose={() => setDrawerOpen(false)}
          onApply={(next) => {
            setDrawerOpen(false);
            show(next);
          }}
        />
      )}
    </>
  );
}

/** The applied drawer choices as chips, each removable on its own. */
function ActiveDeliveryFilters({ filter, onChange }: { filter: DeliveriesFilter; onChange: (next: DeliveriesFilter) => void }) {
  const t = useLocale().t;
  const chips: Array<{ key: string; label: string; without: DeliveriesFilter }> = [
    ...(filter.status !== null ? [{ key: 'status', label: t(`delivery.status.${filter.status}`), without: { ...filter, status: null } }] : []),
    ...(filter.from !== null || filter.to !== null
      ? [{ key: 'range', label: t('deliveries.rangeChip', { from: filter.from ?? '…', to: filter.to ?? '…' }), without: { ...filter, from: null, to: null } }]
      : []),
    ...(filter.truck !== null ? [{ key: 'truck', label: t('deliveries.truckChip', { truck: filter.truck }), without: { ...filter, truck: null } }] : []),
  ];
  if (chips.length === 0) return null;
  return (
    <Box component="ul" aria-label={t('deliveries.activeFilters')} sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', listStyle: 'none', p: 0, m: 0, mb: 1.5, alignItems: 'center' }}>
      {chips.map((chip) => (
        <li key={chip.key}>
          <Chip variant="soft" endDecorator={<ChipDelete aria-label={t('deliveries.removeFilter', { filter: chip.label })} onDelete={() => onChange(chip.without)} />}>
            {chip.label}
          </Chip>
        </li>
      ))}
      <li>
        <Button size="sm" variant="plain" color="neutral" onClick={() => onChange({ ...NO_DELIVERY_FILTER, text: filter.text })}>
          {t('deliveries.clearFilters')}
        </Button>
      </li>
    </Box>
  );
}

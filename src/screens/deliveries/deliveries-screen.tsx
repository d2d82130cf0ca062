import Badge from '@mui/joy/Badge';
import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import Chip from '@mui/joy/Chip';
import ChipDelete from '@mui/joy/ChipDelete';
import Skeleton from '@mui/joy/Skeleton';
import { useSelector } from '@xstate/react';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useProjection } from '../../app/hooks';
import { Page } from '../../app/page';
import { useLocale } from '../../i18n';
import { PagedListView, refreshingSx } from '../shared/paged-list-view';
import { filterAndPage, useUrlPagedList } from '../shared/url-paged-list';
import { liveDeliveriesListMachine, selectDeliveriesPhase, selectTrucks, selectTrucksLoadFailure, selectTrucksPhase } from '../../machines/deliveries';
import type { DeliveriesFilter } from '../../machines/journal/events';
import { selectLoadFailure } from '../../machines/shared/load-failure';
import { SearchBar } from '../../ui/search-bar';
import { DeliveriesFilterDrawer } from './deliveries-filter-drawer';
import { activeDeliveryFilterCount, deliveriesFilterFromUrl, deliveriesQueryFor, NO_DELIVERY_FILTER, pageFromUrl } from './deliveries-url';
import { DeliveryCard } from './delivery-card';
import { useFlow } from '../../app/use-flow';
import { afterNextPaint } from '../../lib/first-paint';

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
  const { t } = useLocale();
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

      <PagedListView
        phase={phase}
        failure={{ message: t('deliveries.loadFailed'), kind: loadFailure, retryLabel: t('deliveries.retry'), onRetry: () => actor.send({ type: 'deliveries.retry' }) }}
        placeholder={{ custom: <CardPlaceholders /> }}
        empty={{
          title: narrowed ? t('deliveries.emptyFiltered') : t('deliveries.empty'),
          body: narrowed ? t('deliveries.emptyFilteredBody') : t('deliveries.emptyBody'),
        }}
        range={{ message: 'deliveries.range', testId: 'deliveries-range' }}
        list={shown ? deliveries : null}
        onPage={onPage}
        renderRows={(items) => (
          <Box component="ul" aria-label={t('deliveries.listLabel')} aria-busy={refreshing} sx={{ ...GRID_SX, ...refreshingSx(refreshing) }}>
            {items.map((delivery) => (
              // A grid cell, so each card fills its row's height.
              <Box component="li" key={delivery.id} sx={{ display: 'grid' }}>
                <DeliveryCard delivery={delivery} />
              </Box>
            ))}
          </Box>
        )}
      />

      {drawerOpen && (
        <DeliveriesFilterDrawer
          filter={filter}
          trucks={trucks}
          trucksPhase={trucksPhase}
          trucksLoadFailure={trucksLoadFailure}
          onRetryTrucks={() => actor.send({ type: 'deliveries.needTrucks' })}
          onClose={() => setDrawerOpen(false)}
          onApply={(next) => {
            // The drawer closes in this frame; the list's request and render follow it (afterNextPaint).
            setDrawerOpen(false);
            afterNextPaint(() => show(next));
          }}
        />
      )}
    </>
  );
}

/** Card-shaped placeholders in the cards' grid while the first page loads. */
function CardPlaceholders() {
  const t = useLocale().t;
  return (
    <Box component="ul" sx={GRID_SX} aria-busy="true" aria-label={t('app.loading')}>
      {Array.from({ length: 6 }, (_, i) => (
        <li key={i}>
          <Skeleton variant="rectangular" height={CARD_HEIGHT} sx={{ borderRadius: 'md' }} />
        </li>
      ))}
    </Box>
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

import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import Card from '@mui/joy/Card';
import Stack from '@mui/joy/Stack';
import Tab from '@mui/joy/Tab';
import TabList from '@mui/joy/TabList';
import Tabs from '@mui/joy/Tabs';
import Typography from '@mui/joy/Typography';
import { useSelector } from '@xstate/react';
import { useCallback } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import type { Offer } from '../../api/offers';
import { useProjection } from '../../app/hooks';
import { Page } from '../../app/page';
import { useLocale } from '../../i18n';
import { formatNumber } from '../../lib/format';
import { pageCount } from '../../lib/paging';
import { liveOffersListMachine, OFFERS_PAGE_SIZE, type OffersFilter, type OffersListPhase } from '../../machines/offers';
import { selectLoadFailure } from '../../machines/shared/load-failure';
import { RetryAlert, SkeletonStack } from '../../ui/load-states';
import { Pagination, usePaginationLabels } from '../../ui/pagination';
import { DeleteOfferDialog } from './delete-offer-dialog';
import { OFFER_ROW_HEIGHT, OfferRow } from './offer-row';
import { filterAndPage, pageFromUrl, pageQuery, useUrlPagedList } from '../shared/url-paged-list';
import { useFlow } from '../../app/use-flow';

/** The URL carries the tab (?filter=active) and the 1-based page (?page=2): reload and back keep both. */
function filterFromUrl(params: URLSearchParams): OffersFilter {
  return params.get('filter') === 'active' ? 'active' : 'all';
}

function urlFor(filter: OffersFilter, page: number): Record<string, string> {
  return { ...(filter === 'active' ? { filter } : {}), ...pageQuery(page) };
}

const OFFERS_LIST = filterAndPage('offers.show');

/** Current offers (/operations/offers): the session's store; nothing to list without one. */
export default function OffersScreen() {
  const storeId = useProjection('session', (view) => view.user?.store.id ?? null);
  return <Page titleKey="page.offers">{storeId !== null && <OffersList key={storeId} storeId={storeId} />}</Page>;
}

function OffersList({ storeId }: { storeId: number }) {
  const { t, language } = useLocale();
  const [params, setParams] = useSearchParams();
  const filter = filterFromUrl(params);
  const page = pageFromUrl(params);

  const actor = useFlow(liveOffersListMachine, { input: { storeId, filter, page } });
  const phase = useSelector(actor, (s): OffersListPhase => (s.matches({ list: 'failed' }) ? 'failed' : s.matches({ list: 'loading' }) ? 'loading' : 'ready'));
  const loadFailure = useSelector(actor, selectLoadFailure);
  const stale = useSelector(actor, (s) => s.context.failures > 0);
  const busy = useSelector(actor, (s) => !s.matches({ mutation: 'idle' }));
  const confirming = useSelector(actor, (s) => (s.matches({ mutation: 'confirmingDelete' }) ? (s.context.deleting?.offer.name ?? '') : null));
  // The projection's view object is replaced only when an event changes it.
  const offers = useProjection('offers', (view) => view);

  // Deleting the only offer of the last page leaves that page empty: the hook shows the new last page.
  const loaded = phase === 'ready' && offers.loaded ? { ...offers, rows: offers.items.length } : null;
  const { show, onPage } = useUrlPagedList({ actor, machine: OFFERS_LIST, filter, page, queryFor: urlFor, setParams, loaded });

  const onSetStatus = useCallback((offer: Offer, status: 0 | 1) => actor.send({ type: 'offers.setStatus', offer, status }), [actor]);
  const onAskDelete = useCallback((offer: Offer, index: number) => actor.send({ type: 'offers.askDelete', offer, index }), [actor]);

  const shown = phase === 'ready' && offers.loaded;
  const labels = usePaginationLabels();

  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <Tabs
          value={filter}
          onChange={(_, value) => show(value === 'active' ? 'active' : 'all')}
          sx={{ bgcolor: 'transparent' }}
        >
          <TabList aria-label={t('offers.tabs')}>
            <Tab value="all">{t('offers.tabAll')}</Tab>
            <Tab value="active">{t('offers.tabActive')}</Tab>
          </TabList>
        </Tabs>
        <Button component={RouterLink} to="/operations/offers/create" sx={{ ml: 'auto' }}>
          {t('offers.new')}
        </Button>
      </Box>

      {phase === 'failed' && <RetryAlert message={t('offers.error')} failure={loadFailure} retryLabel={t('offers.retry')} onRetry={() => actor.send({ type: 'offers.retry' })} />}

      {phase === 'loading' && <SkeletonStack count={OFFERS_PAGE_SIZE} height={OFFER_ROW_HEIGHT} label={t('app.loading')} />}

      {shown && stale && (
        <Typography role="status" level="body-sm" textColor="text.secondary" sx={{ mb: 1 }} data-testid="offers-stale">
          {t('offers.stale')}
        </Typography>
      )}

      {shown && offers.total === 0 && (
        <Card variant="outlined" sx={{ textAlign: 'center', py: 5, alignItems: 'center' }}>
          <Typography level="title-md" component="h2">
            {t('offers.empty')}
          </Typography>
          <Typography level="body-sm">{t('offers.emptyBody')}</Typography>
          <Button component={RouterLink} to="/operations/offers/create" variant="outlined" sx={{ mt: 1 }}>
            {t('offers.create')}
          </Button>
        </Card>
      )}

      {shown && offers.total > 0 && (
        <>
          <Typography level="body-sm" textColor="text.secondary" sx={{ mb: 1 }} data-testid="offers-range">
            {t('offers.range', {
              from: formatNumber(offers.items.length > 0 ? offers.offset + 1 : offers.offset, language),
              to: formatNumber(offers.offset + offers.items.length, language),
              total: formatNumber(offers.total, language),
            })}
          </Typography>
          <Stack component="ul" gap={1} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t('page.offers')}>
            {offers.items.map((offer, index) => (
              <li key={offer.id}>
                <OfferRow offer={offer} index={index} disabled={busy} onSetStatus={onSetStatus} onAskDelete={onAskDelete} />
              </li>
            ))}
          </Stack>
          <Box sx={{ mt: 2 }}>
            <Pagination page={Math.floor(offers.offset / Math.max(1, offers.limit))} pageCount={pageCount(offers)} onChange={onPage} labels={labels} />
          </Box>
        </>
      )}

      <DeleteOfferDialog
        name={confirming}
        onCancel={() => actor.send({ type: 'offers.cancelDelete' })}
        onConfirm={() => actor.send({ type: 'offers.confirmDelete' })}
      />
    </>
  );
}

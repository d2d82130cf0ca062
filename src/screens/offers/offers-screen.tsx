import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import Stack from '@mui/joy/Stack';
import Tab from '@mui/joy/Tab';
import TabList from '@mui/joy/TabList';
import Tabs from '@mui/joy/Tabs';
import { useSelector } from '@xstate/react';
import { useCallback } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import type { Offer } from '../../api/offers';
import { useProjection } from '../../app/hooks';
import { Page } from '../../app/page';
import { useLocale } from '../../i18n';
import { liveOffersListMachine, OFFERS_PAGE_SIZE, type OffersFilter, selectConfirmingDelete, selectOffersMutating, selectOffersPhase, selectOffersStale } from '../../machines/offers';
import { selectLoadFailure } from '../../machines/shared/load-failure';
import { DeleteOfferDialog } from './delete-offer-dialog';
import { OFFER_ROW_HEIGHT, OfferRow } from './offer-row';
import { PagedListView } from '../shared/paged-list-view';
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
  const { t } = useLocale();
  const [params, setParams] = useSearchParams();
  const filter = filterFromUrl(params);
  const page = pageFromUrl(params);

  const actor = useFlow(liveOffersListMachine, { input: { storeId, filter, page } });
  const phase = useSelector(actor, selectOffersPhase);
  const loadFailure = useSelector(actor, selectLoadFailure);
  const stale = useSelector(actor, selectOffersStale);
  const busy = useSelector(actor, selectOffersMutating);
  const confirming = useSelector(actor, selectConfirmingDelete);
  // The projection's view object is replaced only when an event changes it.
  const offers = useProjection('offers', (view) => view);

  // Deleting the only offer of the last page leaves that page empty: the hook shows the new last page.
  const loaded = phase === 'ready' && offers.loaded ? { ...offers, rows: offers.items.length } : null;
  const { show, onPage } = useUrlPagedList({ actor, machine: OFFERS_LIST, filter, page, queryFor: urlFor, setParams, loaded });

  const onSetStatus = useCallback((offer: Offer, status: 0 | 1) => actor.send({ type: 'offers.setStatus', offer, status }), [actor]);
  const onAskDelete = useCallback((offer: Offer, index: number) => actor.send({ type: 'offers.askDelete', offer, index }), [actor]);

  const shown = phase === 'ready' && offers.loaded;

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

      <PagedListView
        phase={phase}
        failure={{ message: t('offers.error'), kind: loadFailure, retryLabel: t('offers.retry'), onRetry: () => actor.send({ type: 'offers.retry' }) }}
        placeholder={{ count: OFFERS_PAGE_SIZE, height: OFFER_ROW_HEIGHT }}
        stale={shown && stale ? { message: t('offers.stale'), testId: 'offers-stale' } : null}
        empty={{ title: t('offers.empty'), body: t('offers.emptyBody'), action: { label: t('offers.create'), to: '/operations/offers/create' } }}
        range={{ message: 'offers.range', testId: 'offers-range' }}
        list={shown ? offers : null}
        onPage={onPage}
        renderRows={(items) => (
          <Stack component="ul" gap={1} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t('page.offers')}>
            {items.map((offer, index) => (
              <li key={offer.id}>
                <OfferRow offer={offer} index={index} disabled={busy} onSetStatus={onSetStatus} onAskDelete={onAskDelete} />
              </li>
            ))}
          </Stack>
        )}
      />

      <DeleteOfferDialog
        name={confirming}
        onCancel={() => actor.send({ type: 'offers.cancelDelete' })}
        onConfirm={() => actor.send({ type: 'offers.confirmDelete' })}
      />
    </>
  );
}

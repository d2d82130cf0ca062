import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import Tab from '@mui/joy/Tab';
import TabList from '@mui/joy/TabList';
import Tabs from '@mui/joy/Tabs';
import { useSelector } from '@xstate/react';
import { useCallback, useMemo } from 'react';
import { Link as RouterLink, Navigate, useNavigate, useParams } from 'react-router-dom';
import { TRUCK_STATUSES, type Truck, type TruckStatus } from '../../api/logistics';
import { useProjection } from '../../app/hooks';
import { Page } from '../../app/page';
import { useLocale } from '../../i18n';
import { selectLoadFailure } from '../../machines/shared/load-failure';
import { selectConfirmingDelete, selectDeletingId, selectListPhase } from '../../machines/shared/record-list.machine';
import { liveTrucksListMachine } from '../../machines/trucks';
import { SearchBar } from '../../ui/search-bar';
import { useListUrl, useRecordListUrl } from '../records/list-url';
import { listUrl } from '../shared/url-paged-list';
import { DeleteRecordDialog, RecordListBody } from '../records/record-list-parts';
import { TruckRow } from './truck-row';
import { useFlow } from '../../app/use-flow';

const isTruckStatus = (tab: string | undefined): tab is TruckStatus => TRUCK_STATUSES.some((status) => status === tab);

/** /trucks/{status}: the store's trucks of one status (Active, In maintenance, Inactive); any other tab is a 404. */
export default function TrucksScreen() {
  const { tab } = useParams();
  const storeId = useProjection('session', (view) => view.user?.store.id ?? null);
  if (!isTruckStatus(tab)) return <Navigate to="/errors/error-404" replace />;
  return <Page titleKey="page.trucks">{storeId !== null && <TrucksList key={storeId} status={tab} />}</Page>;
}

function TrucksList({ status }: { status: TruckStatus }) {
  const { t } = useLocale();
  const navigate = useNavigate();
  const { search, page } = useListUrl();

  const actor = useFlow(liveTrucksListMachine, { input: { query: { status, search } } });
  const phase = useSelector(actor, selectListPhase);
  const loadFailure = useSelector(actor, selectLoadFailure);
  const confirming = useSelector(actor, selectConfirmingDelete);
  const deletingId = useSelector(actor, selectDeletingId);
  const trucks = useProjection('trucks', (view) => view);

  // The machine loads only when the tab or the search really changed.
  const query = useMemo(() => ({ status, search }), [status, search]);
  const { setSearch, onPage } = useRecordListUrl({ actor, query, page, phase, view: trucks });

  const onAskDelete = useCallback((truck: Truck) => actor.send({ type: 'list.askDelete', record: truck }), [actor]);

  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <Tabs value={status} onChange={(_, value) => isTruckStatus(String(value)) && void navigate(listUrl(`/trucks/${String(value)}`, search))} sx={{ bgcolor: 'transparent' }}>
          <TabList aria-label={t('trucks.tabs')} sx={{ flexWrap: 'wrap' }}>
            {TRUCK_STATUSES.map((value) => (
              <Tab key={value} value={value}>
                {t(`trucks.tab.${value}`)}
              </Tab>
            ))}
          </TabList>
        </Tabs>
        <SearchBar value={search} onSearch={setSearch} label={t('trucks.search')} placeholder={t('trucks.searchPlaceholder')} clearLabel={t('records.clearSearch')} minWidth={300} />
        <Button component={RouterLink} to="/truck/create" sx={{ ml: 'auto' }}>
          {t('trucks.new')}
        </Button>
      </Box>

      <RecordListBody
        phase={phase}
        loadFailure={loadFailure}
        view={trucks}
        page={page}
        onPage={onPage}
        onRetry={() => actor.send({ type: 'list.retry' })}
        empty={{
          title: search !== '' ? t('trucks.emptySearch', { search }) : t(`trucks.empty.${status}`),
          body: t('trucks.emptyBody'),
          action: { label: t('trucks.create'), to: '/truck/create' },
        }}
        table={{
          label: t('trucks.tableLabel'),
          minWidth: 940,
          testId: 'trucks-table',
          columns: [
            { label: t('trucks.col.name'), place: 'title', rowHeader: true },
            { label: t('trucks.col.plate'), place: 'fact', width: 110 },
            { label: t('trucks.col.capacity'), place: 'fact', width: 120, numeric: true },
            { label: t('trucks.col.driver'), place: 'fact' },
            { label: t('trucks.col.phone'), place: 'fact', width: 160 },
            { label: t('trucks.col.status'), place: 'status', width: 140 },
          ],
          rows: (items) =>
            items.map((truck) => (
              <TruckRow key={truck.id} truck={truck} deleting={deletingId === truck.id} disabled={deletingId !== null} onAskDelete={onAskDelete} />
            )),
        }}
      />

      <DeleteRecordDialog actor={actor} title={confirming ? t('trucks.deleteTitle', { name: confirming.name }) : null} body={t('trucks.deleteBody')} />
    </>
  );
}

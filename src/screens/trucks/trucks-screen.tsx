import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import Tab from '@mui/joy/Tab';
import TabList from '@mui/joy/TabList';
import Tabs from '@mui/joy/Tabs';
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useState } from 'react';
import { Link as RouterLink, Navigate, useNavigate, useParams } from 'react-router-dom';
import { TRUCK_STATUSES, type Truck, type TruckStatus } from '../../api/logistics';
import { useProjection } from '../../app/hooks';
import { Page } from '../../app/page';
import { useServices } from '../../app/services';
import { useLocale } from '../../i18n';
import { selectLoadFailure } from '../../machines/shared/load-failure';
import { selectConfirmingDelete, selectDeletingId, selectListPhase } from '../../machines/shared/record-list.machine';
import { liveTrucksListMachine } from '../../machines/trucks/live';
import { SearchBar } from '../../ui/search-bar';
import { visuallyHidden } from '../../ui/visually-hidden';
import { listUrl, useListUrl } from '../records/list-url';
import { DeleteRecordDialog, RecordListBody } from '../records/record-list-parts';
import { TruckRow } from './truck-row';

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
  const { journal, notify } = useServices();
  const navigate = useNavigate();
  const { search, page, setSearch, setPage } = useListUrl();

  const [machine] = useState(() => liveTrucksListMachine({ journal, notify }));
  const actor = useActorRef(machine, { input: { query: { status, search } } });
  const phase = useSelector(actor, selectListPhase);
  const loadFailure = useSelector(actor, selectLoadFailure);
  const confirming = useSelector(actor, selectConfirmingDelete);
  const deletingId = useSelector(actor, selectDeletingId);
  const trucks = useProjection('trucks', (view) => view);

  // The machine loads only when the tab or the search really changed.
  useEffect(() => actor.send({ type: 'list.show', query: { status, search } }), [actor, status, search]);

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
        onPage={setPage}
        onRetry={() => actor.send({ type: 'list.retry' })}
        empty={{
          title: search !== '' ? t('trucks.emptySearch', { search }) : t(`trucks.empty.${status}`),
          body: t('trucks.emptyBody'),
          createLabel: t('trucks.create'),
          createTo: '/truck/create',
        }}
        table={{
          label: t('trucks.tableLabel'),
          minWidth: 940,
          testId: 'trucks-table',
          head: (
            <tr>
              <th scope="col">{t('trucks.col.name')}</th>
              <th scope="col" style={{ width: 110 }}>
                {t('trucks.col.plate')}
              </th>
              <th scope="col" className="number" style={{ width: 120 }}>
                {t('trucks.col.capacity')}
              </th>
              <th scope="col">{t('trucks.col.driver')}</th>
              <th scope="col" style={{ width: 160 }}>
                {t('trucks.col.phone')}
              </th>
              <th scope="col" style={{ width: 140 }}>
                {t('trucks.col.status')}
              </th>
              <th scope="col">
                <Box component="span" sx={visuallyHidden}>
                  {t('records.actions')}
                </Box>
              </th>
            </tr>
          ),
          rows: (items) =>
            items.map((truck) => (
              <TruckRow key={truck.id} truck={truck} deleting={deletingId === truck.id} disabled={deletingId !== null} onAskDelete={onAskDelete} />
            )),
        }}
      />

      <DeleteRecordDialog
        title={confirming ? t('trucks.deleteTitle', { name: confirming.name }) : null}
        body={t('trucks.deleteBody')}
        onCancel={() => actor.send({ type: 'list.cancelDelete' })}
        onConfirm={() => actor.send({ type: 'list.confirmDelete' })}
      />
    </>
  );
}

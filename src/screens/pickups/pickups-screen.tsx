import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { PickupLocation } from '../../api/logistics';
import { useProjection } from '../../app/hooks';
import { Page } from '../../app/page';
import { useServices } from '../../app/services';
import { useLocale } from '../../i18n';
import { selectLoadFailure } from '../../machines/shared/load-failure';
import { livePickupsListMachine } from '../../machines/pickups/live';
import { selectConfirmingDelete, selectDeletingId, selectListPhase } from '../../machines/shared/record-list.machine';
import { SearchBar } from '../../ui/search-bar';
import { visuallyHidden } from '../../ui/visually-hidden';
import { useListUrl } from '../records/list-url';
import { DeleteRecordDialog, RecordListBody } from '../records/record-list-parts';
import { PickupRow } from './pickup-row';

/** /pickups: the store's pickup locations. */
export default function PickupsScreen() {
  const storeId = useProjection('session', (view) => view.user?.store.id ?? null);
  return <Page titleKey="page.pickups">{storeId !== null && <PickupsList key={storeId} />}</Page>;
}

function PickupsList() {
  const { t } = useLocale();
  const { journal, notify } = useServices();
  const { search, page, setSearch, setPage } = useListUrl();

  const [machine] = useState(() => livePickupsListMachine({ journal, notify }));
  const actor = useActorRef(machine, { input: { query: { search } } });
  const phase = useSelector(actor, selectListPhase);
  const loadFailure = useSelector(actor, selectLoadFailure);
  const confirming = useSelector(actor, selectConfirmingDelete);
  const deletingId = useSelector(actor, selectDeletingId);
  const pickups = useProjection('pickups', (view) => view);

  // The machine loads only when the search really changed.
  useEffect(() => actor.send({ type: 'list.show', query: { search } }), [actor, search]);

  const onAskDelete = useCallback((pickup: PickupLocation) => actor.send({ type: 'list.askDelete', record: pickup }), [actor]);

  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <SearchBar value={search} onSearch={setSearch} label={t('pickups.search')} placeholder={t('pickups.searchPlaceholder')} clearLabel={t('records.clearSearch')} minWidth={340} />
        <Button component={RouterLink} to="/pickup/create" sx={{ ml: 'auto' }}>
          {t('pickups.new')}
        </Button>
      </Box>

      <RecordListBody
        phase={phase}
        loadFailure={loadFailure}
        view={pickups}
        page={page}
        onPage={setPage}
        onRetry={() => actor.send({ type: 'list.retry' })}
        empty={{
          title: search !== '' ? t('pickups.emptySearch', { search }) : t('pickups.empty'),
          body: t('pickups.emptyBody'),
          createLabel: t('pickups.create'),
          createTo: '/pickup/create',
        }}
        table={{
          label: t('pickups.tableLabel'),
          minWidth: 900,
          testId: 'pickups-table',
          head: (
            <tr>
              <th scope="col" style={{ width: 180 }}>
                {t('pickups.col.name')}
              </th>
              <th scope="col">{t('pickups.col.address')}</th>
              <th scope="col" style={{ width: 100 }}>
                {t('pickups.col.country')}
              </th>
              <th scope="col" style={{ width: 160 }}>
                {t('pickups.col.hours')}
              </th>
              <th scope="col" style={{ width: 180 }}>
                {t('pickups.col.contact')}
              </th>
              <th scope="col">
                <Box component="span" sx={visuallyHidden}>
                  {t('records.actions')}
                </Box>
              </th>
            </tr>
          ),
          rows: (items) =>
            items.map((pickup) => (
              <PickupRow key={pickup.id} pickup={pickup} deleting={deletingId === pickup.id} disabled={deletingId !== null} onAskDelete={onAskDelete} />
            )),
        }}
      />

      <DeleteRecordDialog
        title={confirming ? t('pickups.deleteTitle', { name: confirming.name }) : null}
        body={t('pickups.deleteBody')}
        onCancel={() => actor.send({ type: 'list.cancelDelete' })}
        onConfirm={() => actor.send({ type: 'list.confirmDelete' })}
      />
    </>
  );
}

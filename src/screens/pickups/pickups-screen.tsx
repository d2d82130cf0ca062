import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import { useSelector } from '@xstate/react';
import { useCallback, useMemo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { PickupLocation } from '../../api/logistics';
import { useProjection } from '../../app/hooks';
import { Page } from '../../app/page';
import { useLocale } from '../../i18n';
import { selectLoadFailure } from '../../machines/shared/load-failure';
import { selectConfirmingDelete, selectDeletingId, selectListPhase } from '../../machines/shared/record-list.machine';
import { livePickupsListMachine } from '../../machines/pickups';
import { SearchBar } from '../../ui/search-bar';
import { useListUrl, useRecordListUrl } from '../records/list-url';
import { DeleteRecordDialog, RecordListBody } from '../records/record-list-parts';
import { PickupRow } from './pickup-row';
import { useFlow } from '../../app/use-flow';

/** /pickups: the store's pickup locations. */
export default function PickupsScreen() {
  const storeId = useProjection('session', (view) => view.user?.store.id ?? null);
  return <Page titleKey="page.pickups">{storeId !== null && <PickupsList key={storeId} />}</Page>;
}

function PickupsList() {
  const { t } = useLocale();
  const { search, page } = useListUrl();

  const actor = useFlow(livePickupsListMachine, { input: { query: { search } } });
  const phase = useSelector(actor, selectListPhase);
  const loadFailure = useSelector(actor, selectLoadFailure);
  const confirming = useSelector(actor, selectConfirmingDelete);
  const deletingId = useSelector(actor, selectDeletingId);
  const pickups = useProjection('pickups', (view) => view);

  // The machine loads only when the search really changed.
  const query = useMemo(() => ({ search }), [search]);
  const { setSearch, onPage } = useRecordListUrl({ actor, query, page, phase, view: pickups });

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
        onPage={onPage}
        onRetry={() => actor.send({ type: 'list.retry' })}
        empty={{
          title: search !== '' ? t('pickups.emptySearch', { search }) : t('pickups.empty'),
          body: t('pickups.emptyBody'),
          action: { label: t('pickups.create'), to: '/pickup/create' },
        }}
        table={{
          label: t('pickups.tableLabel'),
          minWidth: 900,
          testId: 'pickups-table',
          columns: [
            { label: t('pickups.col.name'), place: 'title', width: 180, rowHeader: true },
            { label: t('pickups.col.address'), place: 'subtitle' },
            { label: t('pickups.col.country'), place: 'fact', width: 100 },
            { label: t('pickups.col.hours'), place: 'fact', width: 160 },
            { label: t('pickups.col.contact'), place: 'fact', width: 180 },
          ],
          rows: (items) =>
            items.map((pickup) => (
              <PickupRow key={pickup.id} pickup={pickup} deleting={deletingId === pickup.id} disabled={deletingId !== null} onAskDelete={onAskDelete} />
            )),
        }}
      />

      <DeleteRecordDialog actor={actor} title={confirming ? t('pickups.deleteTitle', { name: confirming.name }) : null} body={t('pickups.deleteBody')} />
    </>
  );
}

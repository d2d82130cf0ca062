import Box from '@mui/joy/Box';
import FormControl from '@mui/joy/FormControl';
import FormLabel from '@mui/joy/FormLabel';
import Radio from '@mui/joy/Radio';
import RadioGroup from '@mui/joy/RadioGroup';
import { useSelector } from '@xstate/react';
import { useCallback, useId, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { Account } from '../../api/accounts';
import { useProjection } from '../../app/hooks';
import { Page } from '../../app/page';
import { useLocale } from '../../i18n';
import { NotSet } from '../records/record-row-parts';
import { liveAccountsListMachine, selectAccountsList, selectAccountsPhase } from '../../machines/accounts';
import { ListTable } from '../shared/list-table';
import { PagedListView, refreshingSx } from '../shared/paged-list-view';
import { filterAndPage, pageFromUrl, useUrlPagedList } from '../shared/url-paged-list';
import { selectLoadFailure } from '../../machines/shared/load-failure';
import { DeviceIcon, UserIcon } from '../../ui/icons';
import { SearchBar } from '../../ui/search-bar';
import { ACCOUNT_KINDS, accountsFilterFromUrl, accountsQueryFor } from './accounts-url';
import { useFlow } from '../../app/use-flow';

const ROW_HEIGHT = 52;
const ACCOUNTS_LIST = filterAndPage('accounts.show');
/** Visually hidden below the sm breakpoint (the usual clip pattern), shown from it up. */
const KIND_NAME_SX = {
  position: { xs: 'absolute', sm: 'static' },
  width: { xs: '1px', sm: 'auto' },
  height: { xs: '1px', sm: 'auto' },
  overflow: { xs: 'hidden', sm: 'visible' },
  clip: { xs: 'rect(0 0 0 0)', sm: 'auto' },
  whiteSpace: 'nowrap',
} as const;

/** /accounts (User/Devices): the store's operator and device accounts. */
export default function AccountsScreen() {
  const storeId = useProjection('session', (view) => view.user?.store.id ?? null);
  return <Page titleKey="page.accounts">{storeId !== null && <AccountsList key={storeId} />}</Page>;
}

function AccountsList() {
  const { t } = useLocale();
  const [params, setParams] = useSearchParams();
  const filter = useMemo(() => accountsFilterFromUrl(params), [params]);
  const page = pageFromUrl(params);
  const actor = useFlow(liveAccountsListMachine, { input: { filter, page } });
  const phase = useSelector(actor, selectAccountsPhase);
  const loadFailure = useSelector(actor, selectLoadFailure);
  const list = useSelector(actor, selectAccountsList);
  const kindLabel = useId();

  const loaded = phase === 'ready' && list !== null ? { ...list, rows: list.data.length } : null;
  const { show, filterRef, onPage } = useUrlPagedList({ actor, machine: ACCOUNTS_LIST, filter, page, queryFor: accountsQueryFor, setParams, loaded });
  const onSearch = useCallback((search: string) => show({ ...filterRef.current, search }, 0, true), [show, filterRef]);

  const refreshing = phase === 'loading' && list !== null;
  const narrowed = filter.search !== '' || filter.kind !== 'all';

  return (
    <Box sx={{ maxWidth: 880 }}>
      <Box sx={{ display: 'flex', alignItems: 'flex-end', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <SearchBar value={filter.search} onSearch={onSearch} label={t('accounts.search')} clearLabel={t('accounts.clearSearch')} minWidth={280} />
        <FormControl>
          <FormLabel id={kindLabel}>{t('accounts.kind')}</FormLabel>
          <RadioGroup
            orientation="horizontal"
            aria-labelledby={kindLabel}
            value={filter.kind}
            onChange={(event) => {
              const kind = ACCOUNT_KINDS.find((k) => k === event.target.value) ?? 'all';
              show({ ...filter, kind });
            }}
            sx={{ gap: 2, flexWrap: 'wrap' }}
          >
            {ACCOUNT_KINDS.map((kind) => (
              <Radio key={kind} value={kind} label={t(`accounts.filter.${kind}`)} />
            ))}
          </RadioGroup>
        </FormControl>
      </Box>

      <PagedListView
        phase={phase}
        failure={{ message: t('accounts.loadFailed'), kind: loadFailure, retryLabel: t('accounts.retry'), onRetry: () => actor.send({ type: 'accounts.retry' }) }}
        placeholder={{ count: 6, height: ROW_HEIGHT }}
        empty={{ title: narrowed ? t('accounts.emptyFiltered') : t('accounts.empty') }}
        range={{ message: 'accounts.range', testId: 'accounts-range' }}
        list={list !== null && phase !== 'failed' ? { ...list, items: list.data } : null}
        onPage={onPage}
        renderRows={(items) => (
          <ListTable
            label={t('accounts.tableLabel')}
            columns={[
              { label: t('accounts.col.kind'), place: 'fact' },
              { label: t('accounts.col.holder'), place: 'title', rowHeader: true },
              { label: t('accounts.col.store'), place: 'fact' },
            ]}
            busy={refreshing}
            sheetSx={refreshingSx(refreshing)}
            tableSx={{
              tableLayout: 'auto',
              // Joy keeps header cells on one line; a row's holder (its header cell) wraps like the rest.
              '& tbody td, & tbody th': { height: ROW_HEIGHT, overflowWrap: 'anywhere', whiteSpace: 'normal' },
              '& thead th:nth-of-type(1)': { width: { xs: 56, sm: 140 } },
            }}
          >
            {items.map((account, index) => (
              // An account the platform sends without an id is keyed by its place on the page.
              <AccountRow key={account.id ?? `at-${index}`} account={account} />
            ))}
          </ListTable>
        )}
      />
    </Box>
  );
}

function AccountRow({ account }: { account: Account }) {
  const t = useLocale().t;
  const Icon = account.kind === 'device' ? DeviceIcon : UserIcon;
  return (
    <tr data-kind={account.kind}>
      <td>
        {account.kind === undefined ? (
          // The platform did not say (the spec names only the store id and name of an account).
          <NotSet />
        ) : (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Icon color={account.kind === 'device' ? 'neutral' : 'primary'} />
            {/* On a phone the icon alone stands for the kind; its name stays for screen readers. */}
            <Box component="span" sx={KIND_NAME_SX}>
              {t(`accounts.kind.${account.kind}`)}
            </Box>
          </Box>
        )}
      </td>
      <th scope="row" style={{ fontWeight: 'normal' }}>
        {account.holder || <NotSet />}
      </th>
      <td>{account.store_name}</td>
    </tr>
  );
}

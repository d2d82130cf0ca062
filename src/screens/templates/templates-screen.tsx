import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import Stack from '@mui/joy/Stack';
import Tab from '@mui/joy/Tab';
import TabList from '@mui/joy/TabList';
import Tabs from '@mui/joy/Tabs';
import { useSelector } from '@xstate/react';
import { useCallback, useMemo } from 'react';
import { Link as RouterLink, Navigate, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import type { Template } from '../../api/templates';
import { useProjection } from '../../app/hooks';
import { Page } from '../../app/page';
import { useLocale } from '../../i18n';
import type { TemplatesFilter } from '../../machines/journal/events';
import { liveTemplatesListMachine, selectConfirmingDelete, selectMutating, selectPhase, TEMPLATES_PAGE_SIZE } from '../../machines/templates';
import { selectLoadFailure } from '../../machines/shared/load-failure';
import { SearchBar } from '../../ui/search-bar';
import { DeleteTemplateDialog } from './delete-template-dialog';
import { TEMPLATE_ROW_HEIGHT, TemplateRow } from './template-row';
import { PagedListView } from '../shared/paged-list-view';
import { listUrl, pageFromUrl, searchQuery, useUrlPagedList, type PagedListMachine } from '../shared/url-paged-list';
import { useFlow } from '../../app/use-flow';

/**
 * The URL carries everything the list shows: the tab in the path (/operations/templates, or
 * /operations/templates/filter/recurring), the 1-based page (?page=2) and the search (?q=bread),
 * so reload and back restore them.
 */
const pathFor = (filter: TemplatesFilter) => (filter === 'recurring' ? '/operations/templates/filter/recurring' : '/operations/templates');

/** What the URL names besides the page: the tab (the path) and the search. */
interface TemplatesUrl {
  filter: TemplatesFilter;
  search: string;
}
type TemplatesShow = TemplatesUrl & { type: 'templates.show'; page: number };
const TEMPLATES_LIST: PagedListMachine<TemplatesUrl, { context: TemplatesUrl & { page: number } }, TemplatesShow> = {
  shows: ({ context }, { filter, search }, page) => context.filter === filter && context.search === search && context.page === page,
  show: (url, page) => ({ type: 'templates.show', ...url, page }),
};
const templatesQuery = ({ search }: TemplatesUrl, page: number) => searchQuery(search, page);

/** /operations/templates and /operations/templates/filter/{tab}: the session's store. */
export default function TemplatesScreen() {
  const { tab } = useParams();
  const storeId = useProjection('session', (view) => view.user?.store.id ?? null);
  // The spec names one filter tab for templates: recurring.
  if (tab !== undefined && tab !== 'recurring') return <Navigate to="/errors/error-404" replace />;
  const filter: TemplatesFilter = tab === 'recurring' ? 'recurring' : 'all';
  return <Page titleKey="page.templates">{storeId !== null && <TemplatesList key={storeId} filter={filter} />}</Page>;
}

function TemplatesList({ filter }: { filter: TemplatesFilter }) {
  const { t } = useLocale();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const page = pageFromUrl(params);
  const search = params.get('q') ?? '';

  const actor = useFlow(liveTemplatesListMachine, { input: { filter, search, page } });
  const phase = useSelector(actor, selectPhase);
  const loadFailure = useSelector(actor, selectLoadFailure);
  const busy = useSelector(actor, selectMutating);
  const confirming = useSelector(actor, selectConfirmingDelete);
  const templates = useProjection('templates', (view) => view);

  const url = useMemo(() => ({ filter, search }), [filter, search]);
  // Deleting the only template of the last page leaves that page empty: the hook shows the new last page.
  const loaded = phase === 'ready' && templates.loaded ? { ...templates, rows: templates.items.length } : null;
  const { show, onPage } = useUrlPagedList({ actor, machine: TEMPLATES_LIST, filter: url, page, queryFor: templatesQuery, setParams, loaded });
  // A new search starts on the first page; typing does not fill the history.
  const onSearch = useCallback((next: string) => show({ filter, search: next }, 0, true), [show, filter]);

  const onSetStatus = useCallback((template: Template, status: 0 | 1) => actor.send({ type: 'templates.setStatus', template, status }), [actor]);
  const onAskDelete = useCallback((template: Template, index: number) => actor.send({ type: 'templates.askDelete', template, index }), [actor]);

  const shown = phase === 'ready' && templates.loaded;
  const emptyTitle = search !== '' ? t('templates.emptySearch', { search }) : filter === 'recurring' ? t('templates.emptyRecurring') : t('templates.empty');

  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <Tabs value={filter} onChange={(_, value) => void navigate(listUrl(pathFor(value === 'recurring' ? 'recurring' : 'all'), search))} sx={{ bgcolor: 'transparent' }}>
          <TabList aria-label={t('templates.tabs')}>
            <Tab value="all">{t('templates.tabAll')}</Tab>
            <Tab value="recurring">{t('templates.tabRecurring')}</Tab>
          </TabList>
        </Tabs>
        <SearchBar value={search} onSearch={onSearch} label={t('templates.search')} clearLabel={t('templates.clearSearch')} />
        <Button component={RouterLink} to="/operations/templates/create" sx={{ ml: 'auto' }}>
          {t('templates.new')}
        </Button>
      </Box>

      <PagedListView
        phase={phase}
        failure={{ message: t('templates.error'), kind: loadFailure, retryLabel: t('templates.retry'), onRetry: () => actor.send({ type: 'templates.retry' }) }}
        placeholder={{ count: TEMPLATES_PAGE_SIZE, height: TEMPLATE_ROW_HEIGHT }}
        empty={{ title: emptyTitle, body: t('templates.emptyBody'), action: { label: t('templates.create'), to: '/operations/templates/create' } }}
        range={{ message: 'templates.range', testId: 'templates-range' }}
        list={shown ? templates : null}
        onPage={onPage}
        renderRows={(items) => (
          <Stack component="ul" gap={1} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t('page.templates')}>
            {items.map((template, index) => (
              <li key={template.id}>
                <TemplateRow template={template} index={index} tab={filter} disabled={busy} onSetStatus={onSetStatus} onAskDelete={onAskDelete} />
              </li>
            ))}
          </Stack>
        )}
      />

      <DeleteTemplateDialog
        name={confirming}
        onCancel={() => actor.send({ type: 'templates.cancelDelete' })}
        onConfirm={() => actor.send({ type: 'templates.confirmDelete' })}
      />
    </>
  );
}

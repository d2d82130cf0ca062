import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import Card from '@mui/joy/Card';
import Stack from '@mui/joy/Stack';
import Tab from '@mui/joy/Tab';
import TabList from '@mui/joy/TabList';
import Tabs from '@mui/joy/Tabs';
import Typography from '@mui/joy/Typography';
import { useSelector } from '@xstate/react';
import { useCallback, useMemo } from 'react';
import { Link as RouterLink, Navigate, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import type { Template } from '../../api/templates';
import { useProjection } from '../../app/hooks';
import { Page } from '../../app/page';
import { useLocale } from '../../i18n';
import { formatNumber } from '../../lib/format';
import { pageCount } from '../../lib/paging';
import type { TemplatesFilter } from '../../machines/journal/events';
import { liveTemplatesListMachine, selectConfirmingDelete, selectMutating, selectPhase, TEMPLATES_PAGE_SIZE } from '../../machines/templates';
import { selectLoadFailure } from '../../machines/shared/load-failure';
import { RetryAlert, SkeletonStack } from '../../ui/load-states';
import { Pagination, usePaginationLabels } from '../../ui/pagination';
import { SearchBar } from '../../ui/search-bar';
import { DeleteTemplateDialog } from './delete-template-dialog';
import { TEMPLATE_ROW_HEIGHT, TemplateRow } from './template-row';
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
  const { t, language } = useLocale();
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
  const labels = usePaginationLabels();

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

      {phase === 'failed' && <RetryAlert message={t('templates.error')} failure={loadFailure} retryLabel={t('templates.retry')} onRetry={() => actor.send({ type: 'templates.retry' })} />}

      {phase === 'loading' && <SkeletonStack count={TEMPLATES_PAGE_SIZE} height={TEMPLATE_ROW_HEIGHT} label={t('app.loading')} />}

      {shown && templates.total === 0 && (
        <Card variant="outlined" sx={{ textAlign: 'center', py: 5, alignItems: 'center' }}>
          <Typography level="title-md" component="h2">
            {emptyTitle}
          </Typography>
          <Typography level="body-sm">{t('templates.emptyBody')}</Typography>
          <Button component={RouterLink} to="/operations/templates/create" variant="outlined" sx={{ mt: 1 }}>
            {t('templates.create')}
          </Button>
        </Card>
      )}

      {shown && templates.total > 0 && (
        <>
          <Typography level="body-sm" textColor="text.secondary" sx={{ mb: 1 }} data-testid="templates-range">
            {t('templates.range', {
              from: formatNumber(templates.items.length > 0 ? templates.offset + 1 : templates.offset, language),
              to: formatNumber(templates.offset + templates.items.length, language),
              total: formatNumber(templates.total, language),
            })}
          </Typography>
          <Stack component="ul" gap={1} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t('page.templates')}>
            {templates.items.map((template, index) => (
              <li key={template.id}>
                <TemplateRow template={template} index={index} tab={filter} disabled={busy} onSetStatus={onSetStatus} onAskDelete={onAskDelete} />
              </li>
            ))}
          </Stack>
          <Box sx={{ mt: 2 }}>
            <Pagination
              page={Math.floor(templates.offset / Math.max(1, templates.limit))}
              pageCount={pageCount(templates)}
              onChange={onPage}
              labels={labels}
            />
          </Box>
        </>
      )}

      <DeleteTemplateDialog
        name={confirming}
        onCancel={() => actor.send({ type: 'templates.cancelDelete' })}
        onConfirm={() => actor.send({ type: 'templates.confirmDelete' })}
      />
    </>
  );
}

import Alert from '@mui/joy/Alert';
import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import Card from '@mui/joy/Card';
import List from '@mui/joy/List';
import ListItem from '@mui/joy/ListItem';
import ListItemButton from '@mui/joy/ListItemButton';
import Skeleton from '@mui/joy/Skeleton';
import Typography from '@mui/joy/Typography';
import { useSelector } from '@xstate/react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { Page } from '../../app/page';
import { useLocale } from '../../i18n';
import { now } from '../../lib/clock';
import { formatNumber } from '../../lib/format';
import { pageCount } from '../../lib/paging';
import { liveReviewsMachine, REVIEWS_PAGE_SIZE } from '../../machines/reviews';
import { selectLoadFailure } from '../../machines/shared/load-failure';
import { useLoadFailureMessage } from '../../ui/load-failure-message';
import { Pagination, usePaginationLabels } from '../../ui/pagination';
import { ReviewSummary } from '../overview/review-card';
import { pageFromUrl, pageQuery, useUrlPagedList, type PagedListMachine } from '../shared/url-paged-list';
import { useFlow } from '../../app/use-flow';

const ROW_HEIGHT = 112;

/** The URL names the page alone (?page=2, 1-based); the machine counts from 0 like offsets. */
const REVIEWS_LIST: PagedListMachine<null, { context: { page: number } }, { type: 'reviews.showPage'; page: number }> = {
  shows: ({ context }, _all, page) => context.page === page,
  show: (_all, page) => ({ type: 'reviews.showPage', page }),
};
const reviewsQuery = (_all: null, page: number) => pageQuery(page);

/** Reviews (/management/customers): every rating of the store, paged, newest first. */
export default function ReviewsScreen() {
  const { t, language } = useLocale();
  const paginationLabels = usePaginationLabels();
  const [params, setParams] = useSearchParams();
  const page = pageFromUrl(params);
  const actor = useFlow(liveReviewsMachine, { input: { page } });
  const state = useSelector(actor, (s) => (s.matches('loaded') ? 'loaded' : s.matches('failed') ? 'failed' : 'loading'));
  const list = useSelector(actor, (s) => s.context.list);
  const loadFailure = useSelector(actor, selectLoadFailure);
  const failedText = useLoadFailureMessage(loadFailure, t('reviews.error'));
  const shownPage = useSelector(actor, (s) => s.context.page);

  // The URL is the source of truth for the page (reload and back restore it).
  const loaded = state === 'loaded' && list !== null ? { ...list, rows: list.data.length } : null;
  const { onPage } = useUrlPagedList({ actor, machine: REVIEWS_LIST, filter: null, page, queryFor: reviewsQuery, setParams, loaded });
  const at = now();

  return (
    <Page titleKey="page.reviews">
      {state === 'failed' && (
        <Alert
          color="danger"
          variant="soft"
          sx={{ mb: 2 }}
          endDecorator={
            <Button size="sm" color="danger" onClick={() => actor.send({ type: 'reviews.retry' })}>
              {t('reviews.retry')}
            </Button>
          }
        >
          {failedText}
        </Alert>
      )}
      {state === 'loading' && (
        <List aria-busy="true" sx={{ gap: 1 }}>
          {Array.from({ length: Math.min(REVIEWS_PAGE_SIZE, list?.data.length || REVIEWS_PAGE_SIZE) }, (_, i) => (
            <ListItem key={i}>
              <Skeleton variant="rectangular" height={ROW_HEIGHT} sx={{ borderRadius: 'sm' }} />
            </ListItem>
          ))}
        </List>
      )}
      {state === 'loaded' && list && list.total === 0 && (
        <Card variant="outlined" sx={{ textAlign: 'center', py: 5 }}>
          <Typography level="title-md" component="h2">
            {t('reviews.empty')}
          </Typography>
          <Typography level="body-sm">{t('reviews.emptyBody')}</Typography>
        </Card>
      )}
      {state === 'loaded' && list && list.total > 0 && (
        <>
          <Typography level="body-sm" textColor="text.secondary" sx={{ mb: 1 }} data-testid="reviews-range">
            {t('reviews.range', {
              from: formatNumber(list.offset + 1, language),
              to: formatNumber(list.offset + list.data.length, language),
              total: formatNumber(list.total, language),
            })}
          </Typography>
          <List sx={{ gap: 1 }} aria-label={t('page.reviews')}>
            {list.data.map((review) => (
              <ListItem key={review.order_id}>
                <ListItemButton
                  component={RouterLink}
                  to={`/management/customers/${review.order_id}/review`}
                  variant="outlined"
                  aria-label={t('reviews.open', { id: review.order_id })}
                  sx={{ borderRadius: 'sm', alignItems: 'flex-start', minHeight: ROW_HEIGHT, gap: 2 }}
                >
                  <ReviewSummary review={review} now={at} />
                  <Typography level="body-xs" textColor="text.secondary" sx={{ ml: 'auto', whiteSpace: 'nowrap' }}>
                    {t('reviews.order')} #{review.order_id}
                  </Typography>
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        </>
      )}
      {list && (
        <Box sx={{ mt: 2 }}>
          <Pagination
            page={shownPage}
            pageCount={pageCount(list)}
            onChange={onPage}
            labels={paginationLabels}
          />
        </Box>
      )}
    </Page>
  );
}

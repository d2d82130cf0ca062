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
import { pageCount } from '../../lib/paging';
import { liveReviewsMachine, REVIEWS_PAGE_SIZE, selectReviewsList, selectReviewsPageIndex, selectReviewsPhase } from '../../machines/reviews';
import { selectLoadFailure } from '../../machines/shared/load-failure';
import { ReviewSummary } from '../overview/review-card';
import { PagedListView } from '../shared/paged-list-view';
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
  const { t } = useLocale();
  const [params, setParams] = useSearchParams();
  const page = pageFromUrl(params);
  const actor = useFlow(liveReviewsMachine, { input: { page } });
  const state = useSelector(actor, selectReviewsPhase);
  const list = useSelector(actor, selectReviewsList);
  const loadFailure = useSelector(actor, selectLoadFailure);
  const shownPage = useSelector(actor, selectReviewsPageIndex);

  // The URL is the source of truth for the page (reload and back restore it).
  const loaded = state === 'loaded' && list !== null ? { ...list, rows: list.data.length } : null;
  const { onPage } = useUrlPagedList({ actor, machine: REVIEWS_LIST, filter: null, page, queryFor: reviewsQuery, setParams, loaded });
  const at = now();

  return (
    <Page titleKey="page.reviews">
      <PagedListView
        phase={state}
        failure={{ message: t('reviews.error'), kind: loadFailure, retryLabel: t('reviews.retry'), onRetry: () => actor.send({ type: 'reviews.retry' }) }}
        placeholder={{ custom: <ReviewPlaceholders count={Math.min(REVIEWS_PAGE_SIZE, list?.data.length || REVIEWS_PAGE_SIZE)} /> }}
        empty={{ title: t('reviews.empty'), body: t('reviews.emptyBody') }}
        range={{ message: 'reviews.range', testId: 'reviews-range' }}
        list={state === 'loaded' && list ? { ...list, items: list.data } : null}
        onPage={onPage}
        // The pager stays, at the page asked for, while that page loads: the operator can page on.
        pager={list && { page: shownPage, pageCount: pageCount(list) }}
        renderRows={(items) => (
          <List sx={{ gap: 1 }} aria-label={t('page.reviews')}>
            {items.map((review) => (
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
        )}
      />
    </Page>
  );
}

/** Placeholders of the reviews' height while a page loads, as many as the last page had. */
function ReviewPlaceholders({ count }: { count: number }) {
  return (
    <List aria-busy="true" sx={{ gap: 1 }}>
      {Array.from({ length: count }, (_, i) => (
        <ListItem key={i}>
          <Skeleton variant="rectangular" height={ROW_HEIGHT} sx={{ borderRadius: 'sm' }} />
        </ListItem>
      ))}
    </List>
  );
}

import { assign, setup, type SnapshotFrom } from 'xstate';
import type { PagedList } from '../../api/codecs';
import type { Review } from '../../api/stores';
import { offsetForPage } from '../../lib/paging';
import { loadFailureFromError, type LoadFailureContext } from '../shared/load-failure';
import { promiseNotProvided } from '../shared/not-provided';

/**
 * The paged reviews list (GET /stores/ratings/pagination). The page comes from the URL, so the
 * screen sends `reviews.showPage` when the URL changes; a newer page request replaces an older
 * one still loading (the invoke restarts), so quick paging never shows a stale page.
 */
export const REVIEWS_PAGE_SIZE = 10;

interface ReviewsContext extends LoadFailureContext {
  page: number;
  list: PagedList<Review> | null;
}

export const reviewsMachine = setup({
  types: {
    input: {} as { page: number },
    context: {} as ReviewsContext,
    events: {} as { type: 'reviews.showPage'; page: number } | { type: 'reviews.retry' },
  },
  actors: {
    loadPage: promiseNotProvided<PagedList<Review>, { limit: number; offset: number }>('loadPage'),
  },
  actions: {
    logLoadFailure: (_, _params: { error: unknown }) => {},
  },
}).createMachine({
  id: 'reviews',
  context: ({ input }) => ({ page: Math.max(0, input.page), list: null, loadFailure: null }),
  initial: 'loading',
  on: {
    'reviews.showPage': {
      target: '.loading',
      reenter: true,
      actions: assign({ page: ({ event }) => Math.max(0, event.page) }),
    },
  },
  states: {
    loading: {
      tags: 'loading',
      entry: assign({ loadFailure: null }),
      invoke: {
        id: 'loadPage',
        src: 'loadPage',
        input: ({ context }) => ({ limit: REVIEWS_PAGE_SIZE, offset: offsetForPage(context.page, REVIEWS_PAGE_SIZE) }),
        onDone: { target: 'loaded', actions: assign({ list: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: [assign({ loadFailure: loadFailureFromError }), { type: 'logLoadFailure', params: ({ event }) => ({ error: event.error }) }] },
      },
    },
    loaded: {},
    failed: { on: { 'reviews.retry': 'loading' } },
  },
});

type ReviewsSnapshot = SnapshotFrom<typeof reviewsMachine>;
export const selectReviewsPhase = (s: ReviewsSnapshot): 'loading' | 'loaded' | 'failed' =>
  s.matches('loaded') ? 'loaded' : s.matches('failed') ? 'failed' : 'loading';
/** The last page loaded (kept while the next one loads; null before the first). */
export const selectReviewsList = (s: ReviewsSnapshot) => s.context.list;
/** The page asked for, counted from 0 like offsets (the URL counts from 1). */
export const selectReviewsPageIndex = (s: ReviewsSnapshot) => s.context.page;

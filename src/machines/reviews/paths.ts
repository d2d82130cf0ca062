import type { PagedList } from '../../api/codecs';
import { ApiError } from '../../api/errors';
import { ReviewSchema, type Review } from '../../api/stores';
import { reviewsMachine } from './machine';
import { MONDAY_9AM_SECONDS } from '../path-model/fixtures';
import type { PathEvent, PathModel } from '../path-model/model';

/**
 * The events the reviews list graph is explored with, from the first page: the URL names page 2
 * (one fixed page, so the context stays finite), Retry; a page and a failure.
 */
export const review = (orderId: number): Review =>
  ReviewSchema.parse({
    order_id: orderId,
    rating: 4,
    date: MONDAY_9AM_SECONDS - 3600,
    description: 'Surprise bag',
    review: `Review of order ${orderId}`,
    total_price_bt: 4.09,
    total_quantity: 1,
    category: 'Bakery',
  });

export const PATH_REVIEWS: PagedList<Review> = { data: [review(20001), review(20002)], limit: 10, offset: 0, total: 12 };

export const reviewsPathEvents = [
  { type: 'reviews.showPage', page: 1 },
  { type: 'reviews.retry' },
  { type: 'xstate.done.actor.loadPage', output: PATH_REVIEWS },
  { type: 'xstate.error.actor.loadPage', error: new ApiError({ kind: 'http', status: 500, operation: 'GET /stores/ratings/pagination', message: 'Internal error' }) },
] satisfies readonly PathEvent<typeof reviewsMachine>[];

export const reviewsPathModel: PathModel<typeof reviewsMachine> = {
  machine: reviewsMachine,
  input: { page: 0 },
  events: reviewsPathEvents,
};

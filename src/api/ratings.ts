import * as z from 'zod';
import { pagedList, type PagedList } from './codecs';
import { http } from './http';
import { ReviewSchema, ReviewWireSchema, type Review } from './stores';

/** GET /stores/ratings/pagination: the store's reviews, newest first, paged. */
export const RatingsPageWireSchema = pagedList(ReviewWireSchema);
const RatingsPageSchema = pagedList(ReviewSchema);

export const RatingsQuerySchema = z.object({
  limit: z.number().int().min(1).max(100),
  offset: z.number().int().min(0),
});
export type RatingsQuery = z.infer<typeof RatingsQuerySchema>;

/** GET /stores/ratings/pagination — a non-200 answer reads "Error on get ratings". */
export async function listRatings(query: RatingsQuery): Promise<PagedList<Review>> {
  return http('/stores/ratings/pagination', {
    query: RatingsQuerySchema.parse(query),
    schema: RatingsPageSchema,
    operation: 'GET /stores/ratings/pagination',
  });
}

import { HttpResponse } from 'msw';
import * as z from 'zod';
import { RatingsQuerySchema } from '../../src/api/ratings';
import { earningsSegments, headlineFigures, monthlySales, reviewsNewestFirst, reviewWire } from '../figures';
import type { Kit } from '../kit';
import { paged, queryOf, validated } from '../respond';

/**
 * The query arrives as strings: the api's RatingsQuerySchema (limit 1–100, offset ≥ 0) behind a
 * coercion, with the platform's usual default paging when a parameter is left out.
 */
const RatingsParamsSchema = z.object({
  limit: z.coerce.number().pipe(RatingsQuerySchema.shape.limit).default(10),
  offset: z.coerce.number().pipe(RatingsQuerySchema.shape.offset).default(0),
});

/**
 * The Management Information dashboard and the reviews page (src/api/management.ts,
 * src/api/ratings.ts). Every figure is computed from the db on each call (mocks/figures.ts), with
 * the same definitions as GET /stores/home.
 */
export function managementHandlers(kit: Kit) {
  const { ctx } = kit;
  return [
    /** GET /stores/management_info — the headline figures, the same as GET /stores/home's. */
    kit.route(
      'get',
      '/stores/management_info',
      kit.withStore(({ store }) => HttpResponse.json(headlineFigures(ctx.db, store.id, ctx.now()))),
    ),

    /** GET /stores/management_info_sales — the last 12 calendar months, oldest first, this one included. */
    kit.route(
      'get',
      '/stores/management_info_sales',
      kit.withStore(({ store }) => HttpResponse.json({ data: monthlySales(ctx.db, store.id, ctx.now()) })),
    ),

    /** GET /stores/management_info_customers — the earnings segmentation by customer type. */
    kit.route(
      'get',
      '/stores/management_info_customers',
      kit.withStore(({ store }) => HttpResponse.json({ data: earningsSegments(ctx.db, store.id, ctx.now()) })),
    ),

    /** GET /stores/ratings/pagination?limit&offset — the current store's reviews, newest first. */
    kit.route(
      'get',
      '/stores/ratings/pagination',
      kit.withStore(({ request, store }) => {
        const paging = validated(RatingsParamsSchema, queryOf(request));
        const page = paged(reviewsNewestFirst(ctx.db, store.id), paging);
        return HttpResponse.json({ ...page, data: page.data.map(reviewWire) });
      }),
    ),
  ];
}

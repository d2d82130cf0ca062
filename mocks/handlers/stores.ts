import { HttpResponse } from 'msw';
import { homeFigures } from '../figures';
import type { Kit } from '../kit';

/** The current store's profile and home figures (src/api/stores.ts). */
export function storesHandlers(kit: Kit) {
  const { ctx } = kit;
  return [
    /** GET /stores/home — computed from the db on each call (mocks/figures.ts). */
    kit.route(
      'get',
      '/stores/home',
      kit.withStore(({ store }) => HttpResponse.json(homeFigures(ctx.db, store.id, ctx.now()))),
    ),

    /** GET /stores/profile/{id} — only the operator's current store. */
    kit.route(
      'get',
      '/stores/profile/:id',
      kit.withStore(({ store }) => HttpResponse.json(store), { storeParam: 'id' }),
    ),
  ];
}

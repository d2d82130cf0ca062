import { HttpResponse } from 'msw';
import * as z from 'zod';
import { OrdersSyncWireSchema, type SyncedOrder } from '../../src/api/crm-sync';
import { nextId, type RecordOf } from '../db';
import type { Kit } from '../kit';
import { badRequest, queryOf } from '../respond';
import { seconds } from '../time';

/**
 * The CRM sync (GET /hubspot/app/orders?t, spec section 7). The platform pushes the current
 * store's orders changed since `t` to HubSpot as deals; the mock sends nothing anywhere, it works
 * out what would go and records the run in the `crmSyncs` collection (mocks/db.ts), so the next
 * run can tell new deals from changed ones:
 *
 * - sent: the store's orders with audit_update_date > t;
 * - created: those created after the store's previous run (all of them on its first run), i.e.
 *   deals the CRM does not have yet; updated: the rest;
 * - orders: the first ORDERS_LISTED sent, the latest change first (ties: the higher id).
 */

/** How many of the sent orders the answer lists (`sent` counts them all). */
export const ORDERS_LISTED = 50;

const T_MESSAGE = 't must be a whole number of unix seconds, 0 or more (the previous sync; 0 sends every order)';
const SyncParamsSchema = z.object({
  t: z
    .string()
    .regex(/^\d+$/)
    .transform(Number)
    .pipe(z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER)),
});

type SyncRecord = RecordOf<'crmSyncs'>;

export function hubspotHandlers(kit: Kit) {
  const { ctx } = kit;

  /** The store's latest run (the highest synced_at, then id), if any. */
  const previousRun = (storeId: number): SyncRecord | undefined =>
    ctx.db.crmSyncs
      .all()
      .filter((run) => run.store_id === storeId)
      .reduce<SyncRecord | undefined>((latest, run) => (!latest || run.synced_at > latest.synced_at || (run.synced_at === latest.synced_at && run.id > latest.id) ? run : latest), undefined);

  return [
    /**
     * GET /hubspot/app/orders?t — sends the current store's orders changed after t (unix seconds)
     * and answers what went (OrdersSyncWireSchema): synced_at now, since t, the previous run's
     * synced_at (null on the store's first), the counts and the first 50 orders. 400 when t is
     * missing or not a whole number ≥ 0.
     */
    kit.route(
      'get',
      '/hubspot/app/orders',
      kit.withStore(async ({ request, store }) => {
        const parsed = SyncParamsSchema.safeParse(queryOf(request));
        if (!parsed.success) throw badRequest(T_MESSAGE);
        const since = parsed.data.t;
        const syncedAt = seconds(ctx.now());
        const previous = previousRun(store.id);
        const isNew = (order: RecordOf<'orders'>) => previous === undefined || order.audit_creation_date > previous.synced_at;

        const sent = ctx.db.orders
          .all()
          .filter((order) => order.store_id === store.id && order.audit_update_date > since)
          .sort((a, b) => b.audit_update_date - a.audit_update_date || b.id - a.id);
        const created = sent.filter(isNew).length;
        const orders: SyncedOrder[] = sent.slice(0, ORDERS_LISTED).map((order) => ({
          order_id: order.id,
          consumer_email: order.consumer.email,
          total_price: order.total_price,
          status: order.status,
          action: isNew(order) ? 'created' : 'updated',
        }));

        const run: SyncRecord = {
          id: nextId(ctx.db.crmSyncs.all()),
          store_id: store.id,
          synced_at: syncedAt,
          since,
          sent: sent.length,
          created,
          updated: sent.length - created,
        };
        await ctx.db.crmSyncs.create(run);
        // A GET is not persisted by kit.route (reads change nothing), but this one records the
        // run: without writing it now, a reload would forget it and the next sync would report
        // previous_synced_at null and every order as created again.
        ctx.persist();

        return HttpResponse.json(
          OrdersSyncWireSchema.parse({
            synced_at: syncedAt,
            since,
            previous_synced_at: previous?.synced_at ?? null,
            sent: run.sent,
            created: run.created,
            updated: run.updated,
            orders,
          }),
        );
      }),
    ),
  ];
}

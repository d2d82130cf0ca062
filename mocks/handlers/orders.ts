import { HttpResponse } from 'msw';
import { OrderWireSchema } from '../../src/api/orders';
import type { Kit } from '../kit';
import { forbidden, idParam, notFound } from '../respond';

/**
 * Orders (src/api/orders.ts). Keep literal paths under /stores/orders/ (payments, summary,
 * pagination/filters) ahead of GET /stores/orders/:id in this list: MSW answers with the first
 * handler whose path matches, and `:id` matches any segment.
 */
export function ordersHandlers(kit: Kit) {
  const { ctx } = kit;
  return [
    /**
     * GET /stores/orders/{id} — an order of the current store. Unknown ids are answered 404; an
     * order of another of the operator's stores 403 (switch store first); an order of a store the
     * operator has no access to 404, like an unknown one (its existence is not disclosed).
     */
    kit.route(
      'get',
      '/stores/orders/:id',
      kit.withStore(({ params, operator, store }) => {
        const id = idParam(params.id, 'Order');
        const order = ctx.db.orders.findFirst((q) => q.where({ id }));
        if (!order || (order.store_id !== store.id && !operator.stores.includes(order.store_id))) throw notFound(`Order ${id} not found`);
        if (order.store_id !== store.id) throw forbidden(`Order ${id} belongs to store ${order.store_id}, not the operator's current store`);
        // Parsing with the wire schema answers plain data, exactly the platform's fields.
        return HttpResponse.json(OrderWireSchema.parse(order));
      }),
    ),
  ];
}

import type * as z from 'zod';
import type { PagedList } from '../../api/codecs';
import { ApiError } from '../../api/errors';
import { DeliveryDetailSchema, DeliverySchema, type Delivery, type DeliveryDetail, type DeliveryWireSchema } from '../../api/logistics';
import { deliveriesListMachine } from './list.machine';
import type { DeliveriesFilter } from '../journal/events';
import { MONDAY_9AM_SECONDS } from '../path-model/fixtures';
import type { PathEvent, PathModel } from '../path-model/model';

/**
 * The events the delivery orders list graph is explored with, from the first page without
 * filters:
 * - the operator: the assigned deliveries of Van 1 in a range of days searching "ana", page 2
 *   (one fixed filter, so the context stays finite), Retry after a failed load, and opening the
 *   filters (which asks for the trucks; again after they failed);
 * - every effect's outcome: the page the projection already holds, a changed page and a failure
 *   (`loadPage`); the truck names and a failure (`loadTrucks`).
 */
type DeliveryWire = z.infer<typeof DeliveryWireSchema>;

/** A delivery as the server sends it (seconds): assigned to Van 1, at 11:00 on the path's Monday. */
export function deliveryWire(id: number, overrides: Partial<DeliveryWire> = {}): DeliveryWire {
  return {
    id,
    store_id: 1,
    pickup_code: 'Centro Morning 482',
    order_address: `Calle Mayor ${id}, Madrid`,
    order_delivery_to: `Recipient ${id}`,
    order_delivery_to_mail: `r${id}@mail.test`,
    phone: '+34 600 000 003',
    delivery_driver_notes: 'Ring twice',
    delivery_notes: 'Leave at reception',
    delivery_status: 'assigned',
    delivery_date: MONDAY_9AM_SECONDS + 2 * 3600,
    delivery_packages: 2,
    delivery_truck: 'Van 1',
    lat: 40.42,
    lon: -3.7,
    ...overrides,
  };
}

/** The same delivery as the client holds it (milliseconds). */
export const delivery = (id: number, overrides: Partial<DeliveryWire> = {}): Delivery => DeliverySchema.parse(deliveryWire(id, overrides));

/** A delivery's detail: the store, a pickup point and the recipient's door. */
export const deliveryDetail = (id: number, overrides: Partial<DeliveryWire> = {}): DeliveryDetail =>
  DeliveryDetailSchema.parse({
    ...deliveryWire(id, overrides),
    places: [
      { kind: 'store', name: 'Bakery Sol', address: 'Calle Sol 1, Madrid', lat: 40.41, lon: -3.71 },
      { kind: 'pickup', name: 'Centro locker', address: 'Plaza Mayor 2, Madrid', lat: 40.415, lon: -3.707 },
      { kind: 'recipient', name: `Recipient ${id}`, address: `Calle Mayor ${id}, Madrid`, lat: 40.42, lon: -3.7 },
    ],
  });

export const deliveriesPageOf = (deliveries: Delivery[], total = deliveries.length, offset = 0): PagedList<Delivery> => ({
  data: deliveries,
  limit: 12,
  offset,
  total,
});

export const NO_FILTER: DeliveriesFilter = { status: null, from: null, to: null, truck: null, text: '' };
export const NARROW_FILTER: DeliveriesFilter = { status: 'assigned', from: '2025-01-01', to: '2025-01-06', truck: 'Van 1', text: 'ana' };

/** The page the deliveries projection holds in the model: loading it again is not news. */
export const PATH_HELD = deliveriesPageOf([delivery(501), delivery(502)], 2);
/** A changed page (a delivery more): news. */
export const PATH_CHANGED = deliveriesPageOf([delivery(501), delivery(502), delivery(503)], 3);

const serverError = (operation: string) => new ApiError({ kind: 'http', status: 500, operation, message: 'Internal error' });

/** The model's pageDiffers: the projection holds PATH_HELD. */
export const deliveriesListPathMachine = deliveriesListMachine.provide({ guards: { pageDiffers: (_, { page }) => page.total !== PATH_HELD.total } });

export const deliveriesListPathEvents = [
  { type: 'deliveries.show', filter: NARROW_FILTER, page: 1 },
  { type: 'deliveries.retry' },
  { type: 'deliveries.needTrucks' },
  { type: 'xstate.done.actor.loadPage', output: PATH_HELD },
  { type: 'xstate.done.actor.loadPage', output: PATH_CHANGED },
  { type: 'xstate.error.actor.loadPage', error: serverError('POST /stores/delivery/search') },
  { type: 'xstate.done.actor.loadTrucks', output: ['Van 1', 'Van 2'] },
  { type: 'xstate.error.actor.loadTrucks', error: serverError('GET /stores/trucks/{status}') },
] satisfies readonly PathEvent<typeof deliveriesListPathMachine>[];

export const deliveriesListPathModel: PathModel<typeof deliveriesListPathMachine> = {
  machine: deliveriesListPathMachine,
  input: { filter: NO_FILTER, page: 0 },
  events: deliveriesListPathEvents,
};

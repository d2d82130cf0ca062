import { dayjs } from './dates';

/**
 * How a delivery order reads on its card and on the maps (spec section 2, "Delivery card";
 * section 4, "Delivery status"): pure, so the card, the detail page and the delivery map agree.
 */

/**
 * The card's badge: the initials of the pickup code's first two words, upper-case
 * ("Centro Morning 482" → "CM", "  río   sur 3" → "RS", "Norte" → "N", "" → "").
 * Accented letters keep their accent ("Ávila este" → "ÁE"); a word that starts with a mark or a
 * digit gives its first letter or digit; runs of spaces, tabs and newlines count as one gap.
 */
export function pickupInitials(code: string): string {
  return code
    .trim()
    .split(/\s+/u)
    .filter((word) => word !== '')
    .slice(0, 2)
    .map(initialOf)
    .join('');
}

/**
 * A word's initial: its first letter or digit (a whole code point, accents composed), else its
 * first character, upper-cased unless that would make it two letters ("ß" stays "ß", not "SS").
 */
function initialOf(word: string): string {
  const normalised = word.normalize('NFC');
  const initial = /[\p{L}\p{N}]\p{M}*/u.exec(normalised)?.[0] ?? Array.from(normalised)[0];
  const upper = initial.toUpperCase();
  return Array.from(upper).length === Array.from(initial).length ? upper : initial;
}

/**
 * The delivery date as the card writes it: YYYY/MM/DD | hh:mm in the browser's local time, the
 * hour on the 24-hour clock ("2026/11/22 | 17:05").
 *
 * The spec's pattern reads `hh`, which in date-format libraries is the 12-hour clock; without an
 * am/pm marker that makes 05:00 and 17:00 the same text, so we write the 24-hour hour, like every
 * other date and time in the console (spec section 9: order and delivery dates are year/month/day
 * with time; lib/format.ts formatDateTime). Only the separator differs from the order dates.
 */
export const formatDeliveryDate = (at: number): string => dayjs(at).format('YYYY/MM/DD | HH:mm');

export type DeliveryStatusName = 'assigned' | 'delivered' | 'pending' | 'rejected';

/** The Joy colours a status may take (never `primary`: that one follows the store's accent colour). */
export type DeliveryStatusJoyColor = 'neutral' | 'warning' | 'success' | 'danger';

export interface DeliveryStatusColor {
  /**
   * The status tag's Joy colour (solid variant: white text on the palette's 500 shade); the map's
   * marker and the legend draw that 500 shade, read from the theme (src/screens/deliveries/delivery-colors.ts).
   */
  color: DeliveryStatusJoyColor;
  /** A small sign drawn in the marker, so the status does not rest on colour alone. */
  glyph: string;
}

/**
 * One colour per delivery status, the same on the tag and on the map marker (spec section 4:
 * "values shown in colour"); white text on each 500 shade reads at 4.5:1 or better (a unit test
 * holds the theme to it).
 * - pending (no truck yet, nothing moving): neutral grey
 * - assigned (a truck has it, on its way): warning amber
 * - delivered: success green
 * - rejected (the recipient refused it, or nobody was there): danger red
 */
export const DELIVERY_STATUS_COLORS: Readonly<Record<DeliveryStatusName, DeliveryStatusColor>> = {
  pending: { color: 'neutral', glyph: '…' },
  assigned: { color: 'warning', glyph: '→' },
  delivered: { color: 'success', glyph: '✓' },
  rejected: { color: 'danger', glyph: '✕' },
};

export function deliveryStatusColor(status: DeliveryStatusName): DeliveryStatusColor {
  return DELIVERY_STATUS_COLORS[status];
}

export type RoutePlaceKind = 'store' | 'pickup' | 'recipient';

/**
 * What the maps draw routes in (the theme's `route` palette, src/app/theme.ts): the markers of a
 * delivery's places (the store, the pickup point, the door), its route's line, and the trucks'
 * lines on the delivery map, which stand apart from each other and from the status markers.
 */
export interface RoutePalette extends Readonly<Record<RoutePlaceKind, string>> {
  line: string;
  trucks: readonly string[];
}

/**
 * The route colour of the `index`-th truck (trucks sorted by name, so a truck keeps its colour); a
 * fleet larger than the list of colours reuses it in turn.
 */
export function truckRouteColor(index: number, colors: readonly string[]): string {
  const size = colors.length;
  return colors[((Math.trunc(index) % size) + size) % size];
}

/** The time of day of a delivery, 24-hour ("17:05"), for the delivery map's list. */
export const formatDeliveryTime = (at: number): string => dayjs(at).format('HH:mm');

/** A clock reading with seconds ("17:05:09"): when the delivery map last heard from the server. */
export const formatClockTime = (at: number): string => dayjs(at).format('HH:mm:ss');

/** What the delivery map needs of a delivery to draw the trucks' routes. */
export interface RoutableDelivery {
  id: number;
  delivery_truck: string;
  delivery_date: number;
  lat: number;
  lon: number;
}

/**
 * The deliveries the map can place: those with the recipient's door (lat/lon, which the spec does
 * not name). The others stay in the day's list but get no marker and no stop on a route.
 */
export function placedDeliveries<T extends Omit<RoutableDelivery, 'lat' | 'lon'> & { lat?: number; lon?: number }>(deliveries: readonly T[]): Array<T & { lat: number; lon: number }> {
  return deliveries.filter((delivery): delivery is T & { lat: number; lon: number } => delivery.lat !== undefined && delivery.lon !== undefined);
}

export interface TruckRoute<T extends RoutableDelivery> {
  truck: string;
  color: string;
  /** The truck's deliveries in the order it drives to them (delivery date, then id). */
  stops: T[];
  /** The store, then each stop: the driving route's first place and its stopovers. */
  places: Array<{ lat: number; lon: number }>;
}

/**
 * Each truck's route of the day: from the store to that truck's deliveries in delivery-date
 * order. Trucks are sorted by name and coloured in that order (`colors`, the theme's
 * `route.trucks`); deliveries without a truck ('') belong to no route.
 */
export function truckRoutes<T extends RoutableDelivery>(deliveries: readonly T[], store: { lat: number; lon: number }, colors: readonly string[]): TruckRoute<T>[] {
  const byTruck = new Map<string, T[]>();
  for (const delivery of deliveries) {
    if (delivery.delivery_truck === '') continue;
    const stops = byTruck.get(delivery.delivery_truck) ?? [];
    stops.push(delivery);
    byTruck.set(delivery.delivery_truck, stops);
  }
  return [...byTruck.keys()]
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .map((truck, index) => {
      const stops = byTruck.get(truck)!.toSorted((a, b) => a.delivery_date - b.delivery_date || a.id - b.id);
      return {
        truck,
        color: truckRouteColor(index, colors),
        stops,
        places: [{ lat: store.lat, lon: store.lon }, ...stops.map(({ lat, lon }) => ({ lat, lon }))],
      };
    });
}

/** How many deliveries have each status (every status present, zero when none). */
export function statusCounts(deliveries: ReadonlyArray<{ delivery_status: DeliveryStatusName }>): Record<DeliveryStatusName, number> {
  const counts: Record<DeliveryStatusName, number> = { pending: 0, assigned: 0, delivered: 0, rejected: 0 };
  for (const delivery of deliveries) counts[delivery.delivery_status] += 1;
  return counts;
}

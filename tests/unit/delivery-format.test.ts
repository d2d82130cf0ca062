import { extendTheme } from '@mui/joy/styles';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DELIVERY_STATUSES } from '../../src/api/logistics';
import { theme } from '../../src/app/theme';
import { contrastRatio } from '../../src/lib/accent-palette';
import {
  DELIVERY_STATUS_COLORS,
  deliveryStatusColor,
  formatClockTime,
  formatDeliveryDate,
  formatDeliveryTime,
  pickupInitials,
  statusCounts,
  truckRouteColor,
  truckRoutes,
} from '../../src/lib/delivery-format';
import { formatDateTime } from '../../src/lib/format';
import { deliveryMapColors } from '../../src/screens/deliveries/delivery-colors';

/** What the delivery maps draw in, read from the console's theme (src/app/theme.ts), in either colour scheme. */
const mapColours = (['light', 'dark'] as const).map((scheme) => deliveryMapColors(theme.colorSchemes[scheme].palette));
const [{ status: STATUS_MARKERS, route: ROUTES }] = mapColours;
const TRUCK_ROUTE_COLORS = ROUTES.trucks;

describe('pickupInitials: the initials of the pickup code’s first two words', () => {
  it.each([
    ['Centro Morning 482', 'CM'],
    ['centro morning 482', 'CM'],
    ['Norte', 'N'],
    ['', ''],
    ['   ', ''],
    ['  río   sur   7 ', 'RS'],
    ['\tEste\nEvening 3', 'EE'],
    ['Ávila este 12', 'ÁE'],
    // "A" + combining acute accent, written decomposed: one letter with its accent.
    ['A\u0301vila Oeste', 'ÁO'],
    ['ñandú Morning', 'ÑM'],
    ['(Centro) Morning', 'CM'],
    ['12 Morning', '1M'],
    ['straße ß', 'Sß'],
    ['🍞 Bakery', '🍞B'],
  ])('%j → %j', (code, initials) => {
    expect(pickupInitials(code)).toBe(initials);
  });

  const word = fc.stringMatching(/^[A-Za-zÁÉÍÓÚÑáéíóúñ0-9]{1,8}$/);
  const gap = fc.stringMatching(/^[ \t\n]{1,3}$/);

  it('property: at most two characters, upper-case, from the first two words only', () => {
    fc.assert(
      fc.property(fc.array(word, { maxLength: 5 }), gap, gap, (words, leading, between) => {
        const code = leading + words.join(between) + leading;
        const initials = pickupInitials(code);
        expect([...initials].length).toBe(Math.min(2, words.length));
        expect(initials).toBe(initials.toUpperCase());
        expect(initials).toBe(words.slice(0, 2).map((w) => w[0].toUpperCase()).join(''));
      }),
    );
  });

  it('property: extra spaces and what follows the second word change nothing', () => {
    fc.assert(
      fc.property(word, word, fc.array(word, { maxLength: 3 }), gap, (first, second, rest, spaces) => {
        expect(pickupInitials(`${spaces}${first}${spaces}${second}${spaces}${rest.join(' ')}`)).toBe(pickupInitials(`${first} ${second}`));
      }),
    );
  });

  it('property: never throws, whatever the text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (code) => {
        // Two initials, each one letter with its marks (or one character when there is no letter).
        expect(pickupInitials(code).split(/(?=\P{M})/u).length).toBeLessThanOrEqual(2);
      }),
    );
  });
});

describe('formatDeliveryDate: YYYY/MM/DD | hh:mm, local time, 24-hour clock', () => {
  it('writes the card’s pattern', () => {
    expect(formatDeliveryDate(new Date(2026, 10, 2, 9, 5).getTime())).toBe('2026/11/02 | 09:05');
    expect(formatDeliveryDate(new Date(2026, 0, 31, 0, 0).getTime())).toBe('2026/01/31 | 00:00');
  });

  it('writes afternoon hours on the 24-hour clock, so 05:00 and 17:00 never read the same', () => {
    expect(formatDeliveryDate(new Date(2026, 10, 22, 17, 30).getTime())).toBe('2026/11/22 | 17:30');
    expect(formatDeliveryDate(new Date(2026, 10, 22, 5, 30).getTime())).toBe('2026/11/22 | 05:30');
  });

  it('property: the same day and minute as the order dates, split by " | ", and round-trips to the minute', () => {
    const instant = fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2099, 11, 31) });
    fc.assert(
      fc.property(instant, (at) => {
        const text = formatDeliveryDate(at);
        expect(text).toMatch(/^\d{4}\/\d{2}\/\d{2} \| \d{2}:\d{2}$/);
        expect(text.replace(' | ', ' ')).toBe(formatDateTime(at));
        const [, y, mo, d, h, mi] = /^(\d{4})\/(\d{2})\/(\d{2}) \| (\d{2}):(\d{2})$/.exec(text)!.map(Number);
        expect(Number(h)).toBeLessThan(24);
        const minute = new Date(at);
        minute.setSeconds(0, 0);
        expect(new Date(y, mo - 1, d, h, mi).getTime()).toBe(minute.getTime());
      }),
    );
  });

  it('times of day for the delivery map: hh:mm and hh:mm:ss', () => {
    expect(formatDeliveryTime(new Date(2026, 10, 22, 17, 5, 9).getTime())).toBe('17:05');
    expect(formatClockTime(new Date(2026, 10, 22, 7, 5, 9).getTime())).toBe('07:05:09');
  });
});

describe('deliveryStatusColor: one colour per status, the same on the tag and the marker', () => {
  const palette = extendTheme().colorSchemes.light.palette as unknown as Record<string, Record<number, string>>;

  it('gives each status its own Joy colour and marker colour (never primary: that one is the store’s accent)', () => {
    const colours = DELIVERY_STATUSES.map((status) => deliveryStatusColor(status));
    expect(new Set(colours.map((c) => c.color)).size).toBe(DELIVERY_STATUSES.length);
    expect(new Set(DELIVERY_STATUSES.map((status) => STATUS_MARKERS[status])).size).toBe(DELIVERY_STATUSES.length);
    expect(new Set(colours.map((c) => c.glyph)).size).toBe(DELIVERY_STATUSES.length);
    expect(colours.map((c) => c.color)).not.toContain('primary');
    expect(Object.keys(DELIVERY_STATUS_COLORS).sort()).toEqual([...DELIVERY_STATUSES].sort());
  });

  it.each(DELIVERY_STATUSES)('%s: the marker colour is the tag’s solid fill (Joy’s 500 shade), and white text on it reads at 4.5:1', (status) => {
    const { color } = deliveryStatusColor(status);
    for (const { status: markers } of mapColours) {
      expect(markers[status].toUpperCase()).toBe(palette[color][500].toUpperCase());
      expect(contrastRatio('#FFFFFF', markers[status])).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('reads the way operators expect', () => {
    expect(deliveryStatusColor('delivered').color).toBe('success');
    expect(deliveryStatusColor('rejected').color).toBe('danger');
    expect(deliveryStatusColor('assigned').color).toBe('warning');
    expect(deliveryStatusColor('pending').color).toBe('neutral');
  });

  it('counts deliveries per status, every status present', () => {
    expect(statusCounts([{ delivery_status: 'pending' }, { delivery_status: 'pending' }, { delivery_status: 'rejected' }])).toEqual({
      pending: 2,
      assigned: 0,
      delivered: 0,
      rejected: 1,
    });
  });
});

const stop = (id: number, truck: string, hour: number) => ({ id, delivery_truck: truck, delivery_date: new Date(2026, 10, 22, hour).getTime(), lat: 40 + id / 100, lon: -3 - id / 100 });

describe('truckRoutes: from the store to each truck’s deliveries in delivery-date order', () => {
  const store = { lat: 40.4, lon: -3.7 };

  it('one route per truck, sorted by name, each starting at the store; deliveries without a truck are on none', () => {
    const routes = truckRoutes([stop(1, 'Van 2', 12), stop(2, 'Van 1', 15), stop(3, '', 9), stop(4, 'Van 1', 10), stop(5, 'Van 2', 11)], store, TRUCK_ROUTE_COLORS);
    expect(routes.map((r) => r.truck)).toEqual(['Van 1', 'Van 2']);
    expect(routes[0].stops.map((s) => s.id)).toEqual([4, 2]);
    expect(routes[1].stops.map((s) => s.id)).toEqual([5, 1]);
    expect(routes[0].places).toEqual([store, { lat: 40.04, lon: -3.04 }, { lat: 40.02, lon: -3.02 }]);
    expect(routes.map((r) => r.color)).toEqual([TRUCK_ROUTE_COLORS[0], TRUCK_ROUTE_COLORS[1]]);
  });

  it('property: every delivery with a truck is a stop of exactly its truck’s route, in time order', () => {
    const deliveries = fc.uniqueArray(
      fc.record({ id: fc.integer({ min: 1, max: 99 }), truck: fc.constantFrom('', 'A', 'B', 'C'), hour: fc.integer({ min: 0, max: 23 }) }),
      { selector: (d) => d.id, maxLength: 20 },
    );
    fc.assert(
      fc.property(deliveries, (list) => {
        const routes = truckRoutes(list.map((d) => stop(d.id, d.truck, d.hour)), store, TRUCK_ROUTE_COLORS);
        expect(routes.flatMap((r) => r.stops).length).toBe(list.filter((d) => d.truck !== '').length);
        for (const route of routes) {
          expect(route.stops.every((s) => s.delivery_truck === route.truck)).toBe(true);
          expect(route.places).toHaveLength(route.stops.length + 1);
          expect(route.places[0]).toEqual(store);
          const times = route.stops.map((s) => s.delivery_date);
          expect(times).toEqual(times.toSorted((a, b) => a - b));
        }
      }),
    );
  });

  it('colours trucks in turn, wrapping past the palette', () => {
    expect(truckRouteColor(0, TRUCK_ROUTE_COLORS)).toBe(TRUCK_ROUTE_COLORS[0]);
    expect(truckRouteColor(TRUCK_ROUTE_COLORS.length, TRUCK_ROUTE_COLORS)).toBe(TRUCK_ROUTE_COLORS[0]);
    expect(truckRouteColor(-1, TRUCK_ROUTE_COLORS)).toBe(TRUCK_ROUTE_COLORS.at(-1));
    // Route colours are not status colours: a line never reads as a marker's status.
    for (const { status, route } of mapColours) {
      const statusColours = Object.values(status);
      expect(route.trucks.filter((c) => statusColours.includes(c))).toEqual([]);
    }
  });
});

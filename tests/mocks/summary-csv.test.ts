import { describe, expect, it } from 'vitest';
import type { RecordOf } from '../../mocks/db';
import { PICKUP_STATUS_LABELS, SUMMARY_CSV_HEADER, csvDate, csvField, summaryCsv } from '../../mocks/summary-csv';
import { HOUR_MS, seconds } from '../../mocks/time';

const NOW = new Date(2026, 2, 11, 10, 30).getTime();

function order(overrides: Partial<RecordOf<'orders'>> = {}): RecordOf<'orders'> {
  return {
    id: 20_001,
    store_id: 101,
    status: 1,
    date: seconds(new Date(2026, 2, 9, 8, 5).getTime()),
    pickup_date: seconds(new Date(2026, 2, 9, 12, 40).getTime()),
    pickup_until: seconds(new Date(2026, 2, 9, 13, 30).getTime()),
    total_price: 11.5,
    total_price_bt: 10.45,
    total_quantity: 3,
    rating: 0,
    review: null,
    review_date: null,
    audit_creation_date: seconds(new Date(2026, 2, 9, 8, 5).getTime()),
    audit_update_date: seconds(new Date(2026, 2, 9, 12, 40).getTime()),
    store: { name: 'Forn de la Llotja', address: { address_print: 'Carrer de la Llotja 3, València' } },
    consumer: { id: 9001, name: 'Lucía Martínez', email: 'lucia.martinez@example.com', phone: '+34 600 000 000' },
    offersOrdered: [
      { id: 200_011, quantityOrdered: 2, offer: { id: 5001, name: 'Bread bag', unit_price: 3.5 } },
      { id: 200_012, quantityOrdered: 1, offer: { id: 5002, name: 'Croissants', unit_price: 4.5 } },
    ],
    ...overrides,
  };
}

const lines = (csv: string) => csv.split('\r\n');

describe('summaryCsv', () => {
  it('writes the header, then one row per order in the order given, every line ending \\r\\n', () => {
    const csv = summaryCsv({
      orders: [order(), order({ id: 20_002, status: 3, pickup_date: null, total_price: 7, total_price_bt: 6.36, total_quantity: 2 })],
      paymentStatuses: new Map([
        [20_001, 'completed'],
        [20_002, 'canceled'],
      ]),
      now: NOW,
    });
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(csv.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/);
    expect(lines(csv)).toEqual([
      'order_id,date,pickup_status,consumer,email,items,quantity,total_price,total_price_bt,payment_status',
      '20001,2026/03/09 08:05,PICKED UP,Lucía Martínez,lucia.martinez@example.com,2 × Bread bag; 1 × Croissants,3,11.50,10.45,completed',
      '20002,2026/03/09 08:05,Cancelled by store,Lucía Martínez,lucia.martinez@example.com,2 × Bread bag; 1 × Croissants,2,7.00,6.36,canceled',
      '',
    ]);
    expect(SUMMARY_CSV_HEADER.join(',')).toBe(lines(csv)[0]);
  });

  it('labels every pickup status as spec section 4 writes it, PENDING up to the pickup time (pickup_date)', () => {
    const until = NOW + HOUR_MS;
    const labelOf = (status: number, now = NOW) =>
      lines(summaryCsv({ orders: [order({ status, pickup_date: seconds(until), pickup_until: seconds(until) })], paymentStatuses: new Map(), now }))[1].split(',')[2];
    expect(labelOf(0)).toBe('PENDING');
    expect(labelOf(0, until)).toBe('PENDING');
    expect(labelOf(0, until + 1000)).toBe('NON PICKED UP');
    expect(labelOf(1)).toBe('PICKED UP');
    expect(labelOf(2)).toBe('Cancelled by consumer');
    expect(labelOf(3)).toBe('Cancelled by store');
    expect(labelOf(7)).toBe('CANCELLED');
    expect(Object.values(PICKUP_STATUS_LABELS)).toEqual(['PENDING', 'NON PICKED UP', 'PICKED UP', 'Cancelled by consumer', 'Cancelled by store', 'CANCELLED']);
  });

  it('quotes fields with a comma, a quote or a line break (RFC 4180), and leaves the rest bare', () => {
    expect(csvField('plain text')).toBe('plain text');
    expect(csvField('García, Ana')).toBe('"García, Ana"');
    expect(csvField('The "big" box')).toBe('"The ""big"" box"');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('carriage\rreturn')).toBe('"carriage\rreturn"');
    expect(csvField(42)).toBe('42');
    // A name a spreadsheet would run as a formula stays text.
    expect(csvField('=HYPERLINK("http://x.test")')).toBe('"\'=HYPERLINK(""http://x.test"")"');
    expect(csvField('-5')).toBe("'-5");
    expect(csvField(-5)).toBe('-5');

    const tricky = order({
      consumer: { id: 1, name: 'Pérez, "Pepe"', email: 'pepe@example.com', phone: '' },
      offersOrdered: [{ id: 1, quantityOrdered: 3, offer: { id: 1, name: 'Cake, large\nbox', unit_price: 3.5 } }],
    });
    const csv = summaryCsv({ orders: [tricky], paymentStatuses: new Map(), now: NOW });
    expect(csv).toBe(
      `${SUMMARY_CSV_HEADER.join(',')}\r\n` +
        '20001,2026/03/09 08:05,PICKED UP,"Pérez, ""Pepe""",pepe@example.com,"3 × Cake, large\nbox",3,11.50,10.45,\r\n',
    );
  });

  it('writes dates as local YYYY/MM/DD HH:mm and money with two decimals and a dot', () => {
    expect(csvDate(seconds(new Date(2025, 0, 2, 3, 4, 59).getTime()))).toBe('2025/01/02 03:04');
    expect(csvDate(seconds(new Date(2025, 11, 31, 23, 59).getTime()))).toBe('2025/12/31 23:59');
    const row = lines(summaryCsv({ orders: [order({ total_price: 1234.5, total_price_bt: 0.1 + 0.2 })], paymentStatuses: new Map(), now: NOW }))[1];
    expect(row.split(',').slice(7)).toEqual(['1234.50', '0.30', '']);
  });

  it('answers only the header for no orders', () => {
    expect(summaryCsv({ orders: [], paymentStatuses: new Map(), now: NOW })).toBe(`${SUMMARY_CSV_HEADER.join(',')}\r\n`);
  });
});

import { describe, expect, it } from 'vitest';
import { createJournal } from '../../src/machines/journal/journal';
import { holdsDay, holdsPage } from '../../src/machines/journal/projections';
import { delivery, deliveriesPageOf, NARROW_FILTER, NO_FILTER } from '../../src/machines/deliveries/list.paths';

const T = 1_736_150_000_000;

describe('deliveries projections', () => {
  it('hold the list’s page and the map’s day; switching store or signing out empties both', () => {
    const journal = createJournal();
    const page = deliveriesPageOf([delivery(1), delivery(2)], 14);
    journal.append({ type: 'deliveries.loaded', at: T, filter: NARROW_FILTER, page });
    journal.append({ type: 'deliveries.todayLoaded', at: T, day: '2025-01-06', deliveries: [delivery(3)] });
    expect(journal.state().deliveries).toEqual({ filter: NARROW_FILTER, items: page.data, limit: 12, offset: 0, total: 14, loaded: true });
    expect(journal.state().deliveriesToday).toEqual({ day: '2025-01-06', items: [delivery(3)] });

    journal.append({ type: 'store.switched', at: T + 1, fromStoreId: 1, toStoreId: 2 });
    expect(journal.state().deliveries.loaded).toBe(false);
    expect(journal.state().deliveriesToday).toEqual({ day: null, items: [] });

    journal.append({ type: 'deliveries.todayLoaded', at: T + 2, day: '2025-01-06', deliveries: [delivery(3)] });
    journal.append({ type: 'session.signedOut', at: T + 3, reason: 'user' });
    expect(journal.state().deliveriesToday.day).toBeNull();
  });

  it('know when a load brings nothing new (so it is not journalled)', () => {
    const journal = createJournal();
    const page = deliveriesPageOf([delivery(1)], 1);
    journal.append({ type: 'deliveries.loaded', at: T, filter: NO_FILTER, page });
    expect(holdsPage(journal.state().deliveries, NO_FILTER, structuredClone(page))).toBe(true);
    expect(holdsPage(journal.state().deliveries, NARROW_FILTER, page)).toBe(false);
    expect(holdsPage(journal.state().deliveries, NO_FILTER, deliveriesPageOf([delivery(1, { delivery_status: 'delivered' })], 1))).toBe(false);

    journal.append({ type: 'deliveries.todayLoaded', at: T, day: '2025-01-06', deliveries: [delivery(3)] });
    const today = journal.state().deliveriesToday;
    expect(holdsDay(today, '2025-01-06', [delivery(3)])).toBe(true);
    expect(holdsDay(today, '2025-01-07', [delivery(3)])).toBe(false);
    expect(holdsDay(today, '2025-01-06', [delivery(3), delivery(4)])).toBe(false);
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { collectDifferences } from '../../mocks/journal-check';
import type { JournalFile } from '../../mocks/journal-file';
import { createRedaction, redactJournal } from '../../mocks/journal-redaction';
import { createNodeBackend } from '../../mocks/node';
import { syncOrders } from '../../src/api/crm-sync';
import { searchDeliveries } from '../../src/api/logistics';
import { listOrders, ordersFilterBody, type Order, type OrdersListFilter } from '../../src/api/orders';
import { exchangeIdToken } from '../../src/api/session';
import { getBilling, saveBilling } from '../../src/api/settings';
import { getStoreProfile, withoutApiKey } from '../../src/api/stores';
import { createJournal, replay, type Journal } from '../../src/machines/journal/journal';
import { connectHttpToTestBackend, idTokenFor, setupTestBackend } from '../mocks/support';

// 10:30 local time on a Wednesday; the default scenario's store has orders, deliveries and billing.
const NOW = new Date(2026, 2, 11, 10, 30).getTime();
const STORE = 101;
const recording = setupTestBackend({ now: NOW });

/** A file without the moments of its export (the test backend's clock runs). */
const stable = (file: JournalFile) => ({ ...file, exportedAt: '', data: { ...file.data, seededAt: 0 } });

let journal: Journal;
let full: JournalFile;
let redacted: JournalFile;
/** Every customer name, e-mail, phone, address and IBAN the server holds. */
let originals: string[];

beforeAll(async () => {
  // A session that saw customers: a new-order push, the store profile (its notifications name
  // the customer), a page of orders, a page of deliveries, the CRM sync and the billing saved.
  journal = createJournal();
  await connectHttpToTestBackend(recording);
  const { devkit, db } = recording.current;
  const grant = await exchangeIdToken(await idTokenFor());
  journal.append({ type: 'consent.given', at: NOW });
  journal.append({ type: 'session.signedIn', at: NOW, user: grant.user, via: 'password' });
  await devkit.push();
  journal.append({ type: 'store.profileLoaded', at: NOW, profile: withoutApiKey(await getStoreProfile(STORE)) });
  const filter: OrdersListFilter = { tab: 'pending', statuses: [], from: null, to: null, search: '', sort: 'pickup' };
  journal.append({ type: 'orders.loaded', at: NOW, filter, page: await listOrders(ordersFilterBody(filter), { limit: 20, offset: 0 }) });
  const deliveries = await searchDeliveries({}, { limit: 12, offset: 0 });
  journal.append({ type: 'deliveries.loaded', at: NOW, filter: { status: null, from: null, to: null, truck: null, text: '' }, page: deliveries });
  journal.append({ type: 'orders.synchronized', at: NOW, sync: await syncOrders(0) });
  journal.append({ type: 'store.billingSaved', at: NOW, billing: await saveBilling(await getBilling(STORE)) });
  journal.append({ type: 'page.viewed', at: NOW, path: '/operations/orders/pending', title: 'Orders' });
  devkit.attachJournal(journal);

  full = devkit.exportJournal();
  redacted = devkit.exportJournal({ redacted: true });
  originals = [
    ...db.orders.all().flatMap((order) => [order.consumer.name, order.consumer.email, order.consumer.phone]),
    ...db.deliveries.all().flatMap((delivery) => [delivery.order_delivery_to, delivery.order_delivery_to_mail, delivery.phone, delivery.order_address]),
    ...db.billing.all().map((billing) => billing.iban),
  ].filter((value) => value !== '');
});

describe('the redacted journal export', () => {
  it('is not the default: exportJournal() keeps exporting the full file', () => {
    const again = recording.current.devkit.exportJournal();
    expect(stable(again)).toEqual(stable(full));
    const text = JSON.stringify(full);
    const distinct = [...new Set(originals)];
    expect(distinct.filter((original) => text.includes(original))).toEqual(distinct);
  });

  it('leaves no customer name, e-mail, phone, address or IBAN anywhere in the file', () => {
    expect(new Set(originals).size).toBeGreaterThan(100);
    const text = JSON.stringify(redacted);
    expect(originals.filter((original) => text.includes(original))).toEqual([]);
    // The journal's part too, not only the server data: the loaded pages and the notification.
    expect(JSON.stringify(redacted.journal)).toMatch(/New order #\d+ from Customer \d+/);
  });

  it('gives the same customer the same pseudonym everywhere in the file', () => {
    const page = redacted.journal.events.find((event) => event.type === 'orders.loaded') as { page: { data: Order[] } };
    const [first] = page.page.data;
    expect(first.consumer.name).toMatch(/^Customer \d+$/);
    expect(first.consumer.email).toBe(first.consumer.name.replace(/^Customer (\d+)$/, 'customer$1@example.invalid'));
    expect(first.consumer.phone).toMatch(/^\+34 600 \d{3} \d{3}$/);
    const stored = (redacted.data.collections.orders as Order[]).find((order) => order.id === first.id)!;
    expect(stored.consumer).toEqual(first.consumer);
    // Another order of the same customer (by the original e-mail) carries the same pseudonym.
    const original = recording.current.db.orders.findFirst((q) => q.where({ id: first.id }))!.consumer;
    const sibling = recording.current.db.orders.all().find((order) => order.id !== first.id && order.consumer.email === original.email)!;
    expect(sibling).toBeDefined();
    expect((redacted.data.collections.orders as Order[]).find((order) => order.id === sibling.id)!.consumer).toEqual(first.consumer);
    // A valid-looking IBAN (the billing form's rule) instead of the real one.
    const billing = redacted.data.collections.billing![0] as { iban: string };
    expect(billing.iban).toMatch(/^[A-Z]{2}[0-9]{2}[A-Z0-9 ]{10,32}$/);
    expect(billing.iban).not.toBe(recording.current.db.billing.all()[0].iban);
  });

  it('replays to the live projections after the same redaction', () => {
    const redaction = createRedaction(full);
    expect(stable(redaction.file)).toEqual(stable(redacted));
    expect(stable(redactJournal(full))).toEqual(stable(redacted));
    const differences: string[] = [];
    collectDifferences(redaction.redact(journal.state()), replay(redacted.journal), '', differences);
    expect(differences).toEqual([]);
    // Not trivially: the live projections do hold customers' data, which the replay does not.
    const customer = journal.state().orders.items[0].consumer;
    expect(JSON.stringify(journal.state())).toContain(customer.email);
    expect(JSON.stringify(replay(redacted.journal))).not.toContain(customer.email);
    expect(replay(redacted.journal).orders.items[0].consumer.name).toBe(redaction.redact(customer.name));
  });

  it('is a file the console imports', async () => {
    const target = await createNodeBackend({ now: NOW + 60_000 });
    await expect(target.devkit.importJournal(JSON.stringify(redacted))).resolves.toMatchObject({ scenario: 'default', operator: 'demo@store.test' });
    expect(JSON.stringify(target.devkit.records('orders'))).not.toContain(originals[0]);
  });
});

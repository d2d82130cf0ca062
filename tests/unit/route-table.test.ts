import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { routeAt, routeTitleOf, screenAt, screenCode, SIGNED_IN_ROUTES } from '../../src/app/page-code';
import { en } from '../../src/i18n/en';
import { es } from '../../src/i18n/es';

/** The English heading of the page at `path`. */
function title(path: string): string {
  const { key, id } = routeTitleOf(routeAt(path)!, path);
  return en[key].replace('{id}', id);
}

/**
 * The route table (src/app/page-code.ts, decision 039): the routes, the early fetch and the
 * shell's first frame all read it, so it has to pick the screen react-router picks.
 */
describe('the route table', () => {
  it('picks the screen of a path as react-router does: static segments before parameters', () => {
    expect(screenAt('/')).toBe('overview');
    expect(screenAt('/overview')).toBe('overview');
    expect(screenAt('/operations/offers')).toBe('offers');
    expect(screenAt('/operations/offers/create')).toBe('offerForm');
    expect(screenAt('/operations/offers/edit/12')).toBe('offerForm');
    expect(screenAt('/operations/templates/filter/recurring')).toBe('templates');
    expect(screenAt('/operations/templates/create')).toBe('templateForm');
    expect(screenAt('/operations/orders/pending')).toBe('orders');
    expect(screenAt('/operations/orders/filter/sold')).toBe('orders');
    expect(screenAt('/operations/order/20126')).toBe('order');
    expect(screenAt('/trucks/active')).toBe('trucks');
    expect(screenAt('/truck/edit/3')).toBe('truckForm');
    expect(screenAt('/delivery-order/5/route')).toBe('delivery');
    expect(screenAt('/management/customers/9/order')).toBe('reviewDetail');
    expect(screenAt('/settings/general')).toBe('settings');
    expect(screenAt('/profile/1')).toBe('profile');
    expect(screenAt('/operations/offers/')).toBe('offers');
  });

  it('knows no screen for a path the console does not have (the 404 page follows)', () => {
    expect(screenAt('/operations')).toBeUndefined();
    expect(screenAt('/dashboards/analytics')).toBeUndefined();
    expect(screenAt('/operations/offers/edit')).toBeUndefined();
  });

  it("gives each page the heading its screen writes, with the path's id", () => {
    expect(title('/operations/order/20126')).toBe('Order #20126');
    expect(title('/operations/orders/sold')).toBe('Orders');
    expect(title('/operations/orders/counter')).toBe('Counter mode');
    expect(title('/operations/offers/create')).toBe('New offer');
    expect(title('/operations/offers/edit/4')).toBe('Edit offer');
    expect(title('/delivery-order/7/route')).toBe('Delivery order #7');
    expect(title('/settings/billing')).toBe('Settings');
  });

  it('has every heading in English and Spanish, and every screen on a route', () => {
    const keys = SIGNED_IN_ROUTES.flatMap((route) => [route.titleKey, ...Object.values(route.tabTitles ?? {})]);
    expect(keys.filter((key) => !en[key] || !es[key])).toEqual([]);
    const routed = new Set(SIGNED_IN_ROUTES.map((route) => route.screen));
    expect(Object.keys(screenCode).filter((screen) => !routed.has(screen as keyof typeof screenCode))).toEqual([]);
  });

  it("is where routes.tsx takes its screens' paths from (no path written twice)", () => {
    const routes = readFileSync('src/app/routes.tsx', 'utf8');
    expect(SIGNED_IN_ROUTES.map(({ path }) => path).filter((path) => routes.includes(`path="${path}"`))).toEqual([]);
  });
});

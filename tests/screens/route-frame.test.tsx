import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { RouteFrame } from '../../src/app/shell/route-frame';

/** The content area's placeholder while a screen's code is on its way (decision 039). */
afterEach(() => cleanup());

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <RouteFrame />
    </MemoryRouter>,
  );
}

describe('RouteFrame', () => {
  it("shows the page's heading from the route table, with the path's id, above a busy placeholder", () => {
    renderAt('/operations/order/20126');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Order #20126');
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
  });

  it("uses a tab's own heading where its screen has one (counter mode)", () => {
    renderAt('/operations/orders/counter');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Counter mode');
  });

  it('shows only the progress indicator on a path the table does not know', () => {
    renderAt('/dashboards/analytics');
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.getByRole('status')).toBeTruthy();
  });
});

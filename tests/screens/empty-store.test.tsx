import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setupTestBackend } from '../mocks/support';
import { renderConsoleAt, storeSignedInSession } from './support';

/** Screens of the empty-store scenario: a brand-new store must read well, not look broken. */
const empty = setupTestBackend({ scenario: 'empty-store' });

describe('overview of a brand-new store', () => {
  beforeEach(async () => {
    localStorage.clear();
    sessionStorage.clear();
    await storeSignedInSession();
  });
  afterEach(() => cleanup());

  it('reads well with no reviews and zero figures', async () => {
    expect(empty.current.devkit.scenario()).toBe('empty-store');
    renderConsoleAt('/overview');
    expect(await screen.findByText('No reviews yet', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('When customers rate their orders, their reviews show up here.')).toBeTruthy();
    expect(screen.getByTestId('figure-overview.ordersToday').textContent).toBe('0');
    expect(screen.getByTestId('review-count').textContent).toBe('0 reviews');
  });
});

describe('reviews of a brand-new store', () => {
  beforeEach(async () => {
    localStorage.clear();
    sessionStorage.clear();
    await storeSignedInSession();
  });
  afterEach(() => cleanup());

  it('say there are no reviews yet, without a pagination control', async () => {
    renderConsoleAt('/management/customers');
    expect(await screen.findByRole('heading', { level: 2, name: 'No reviews yet' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
  });
});

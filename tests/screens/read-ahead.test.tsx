import { cleanup, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readAheadSignedInPage } from '../../src/app/read-ahead';
import { setupTestBackend } from '../mocks/support';
import { renderConsoleAt, storeSignedInSession } from './support';

/**
 * A reload of the overview (src/app/read-ahead.ts): the session, once back, reads the store
 * profile and the home figures ahead of the first render, and the shell and the screen take
 * those reads instead of asking again.
 */
const backend = setupTestBackend();

function countStoreReads() {
  const reads: string[] = [];
  const listener = ({ request }: { request: Request }) => {
    const { pathname } = new URL(request.url);
    if (request.method === 'GET' && (pathname.endsWith('/stores/home') || pathname.includes('/stores/profile/'))) reads.push(pathname.replace(/.*\/stores\//, ''));
  };
  backend.current.server.events.on('request:start', listener);
  return { reads, stop: () => backend.current.server.events.removeListener('request:start', listener) };
}

describe('reading ahead on a reload', () => {
  beforeEach(async () => {
    localStorage.clear();
    sessionStorage.clear();
    await storeSignedInSession();
  });
  afterEach(() => cleanup());

  it('reads the profile and the figures once: the shell and the screen take the reads started ahead', async () => {
    const { reads, stop } = countStoreReads();
    try {
      const { services } = renderConsoleAt('/overview');
      readAheadSignedInPage(services.session, '/overview');
      // Both screens have loaded what they show (the journal has it) ...
      await waitFor(() => expect(services.journal.state().store.home).not.toBeNull());
      await waitFor(() => expect(services.journal.state().store.profile).not.toBeNull());
      await new Promise((resolve) => setTimeout(resolve, 200));
      // ... from one read each.
      expect(reads.toSorted()).toEqual(['home', `profile/${services.session.getSnapshot().context.grant!.user.store.id}`]);
    } finally {
      stop();
    }
  });

  it('reads only the profile ahead on another page', async () => {
    const { reads, stop } = countStoreReads();
    try {
      const { services } = renderConsoleAt('/operations/orders/pending');
      readAheadSignedInPage(services.session, '/operations/orders/pending');
      await waitFor(() => expect(services.journal.state().store.profile).not.toBeNull());
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(reads).toEqual([`profile/${services.session.getSnapshot().context.grant!.user.store.id}`]);
    } finally {
      stop();
    }
  });
});

import { fromCallback } from 'xstate';
import type { PollerEvent } from './poller.machine';

/**
 * The browser tab's visibility for a poller (poller.machine.ts): poller.pause when the tab hides,
 * poller.resume when it shows, and poller.pause at once when it starts hidden.
 */
export const watchDocumentVisibility = fromCallback<PollerEvent>(({ sendBack }) => {
  if (typeof document === 'undefined') return undefined;
  const report = () => sendBack({ type: document.visibilityState === 'hidden' ? 'poller.pause' : 'poller.resume' });
  if (document.visibilityState === 'hidden') report();
  document.addEventListener('visibilitychange', report);
  return () => document.removeEventListener('visibilitychange', report);
});

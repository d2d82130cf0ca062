/**
 * Lets the page run other work (input, rendering) between the slices of a long job of the mock
 * backend, such as restoring a scenario's saved data at start-up: in mock mode the backend runs on
 * the page's main thread, and one long task would keep a phone's page from responding meanwhile.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
}

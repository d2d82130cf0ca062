/**
 * Page views go to an analytics port with the page path and title (spec section 2). The live
 * port sends a beacon when an endpoint is configured; mock mode records them in the journal.
 */
export interface AnalyticsPort {
  pageViewed(view: { path: string; title: string }): void;
}

export function beaconAnalytics(endpoint: string | undefined): AnalyticsPort {
  return {
    pageViewed(view) {
      if (!endpoint || typeof navigator.sendBeacon !== 'function') return;
      navigator.sendBeacon(endpoint, JSON.stringify({ ...view, at: Date.now() }));
    },
  };
}

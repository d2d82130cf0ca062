/**
 * Resolves once the page has painted content (the browser's first contentful paint), at once if it
 * already has. Waiting for "the next frame" is not the same thing: a render queued after the wait
 * began lands in a later frame, and the second animation frame's callbacks run before that frame
 * is painted — which let the resume's downloads start before the console had shown (decision 021,
 * amended 2026-11-26). Where nothing will paint (a hidden tab) or paint timing is not reported
 * (tests without rendering) it resolves at once; if the paint does not come, after `timeoutMs`.
 */
export function afterFirstContentfulPaint(timeoutMs = 3000): Promise<void> {
  return new Promise((resolve) => {
    if (typeof document !== 'undefined' && document.visibilityState === 'hidden') return resolve();
    if (!reportsPaints() || performance.getEntriesByName('first-contentful-paint').length > 0) return resolve();
    const fallback = setTimeout(finish, timeoutMs);
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length > 0) finish();
    });
    observer.observe({ type: 'paint' });
    function finish() {
      clearTimeout(fallback);
      observer.disconnect();
      resolve();
    }
  });
}

const reportsPaints = () => typeof PerformanceObserver === 'function' && (PerformanceObserver.supportedEntryTypes ?? []).includes('paint');

/**
 * Runs `work` once the browser has painted the frame now being prepared: the callback of the
 * next animation frame runs before that paint, a task queued from it runs after. For what an
 * input starts but its answer on screen does not need in the same frame: applying a list's
 * filters closes the drawer at once, and the list's new request and render follow a frame later
 * (the Interaction to Next Paint of "Apply" counts only the closing; `npm run perf`).
 */
export function afterNextPaint(work: () => void): void {
  requestAnimationFrame(() => setTimeout(work, 0));
}

/**
 * Resolves once the browser has painted and shown the current state: in the frame after the next
 * one (the first animation frame's paint is on screen by the time the second frame starts). Where
 * nothing paints (a hidden tab, tests without rendering) it resolves after a short timeout instead.
 */
export function afterNextPaint(timeoutMs = 100): Promise<void> {
  return new Promise((resolve) => {
    const fallback = setTimeout(resolve, timeoutMs);
    if (typeof requestAnimationFrame !== 'function') return;
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        clearTimeout(fallback);
        resolve();
      }),
    );
  });
}

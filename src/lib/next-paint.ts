/**
 * Resolves once the browser has painted the current state: the frame after the next animation
 * frame (a task queued from requestAnimationFrame runs after that frame's paint). Where nothing
 * paints (a hidden tab, tests without rendering) it resolves after a short timeout instead.
 */
export function afterNextPaint(timeoutMs = 100): Promise<void> {
  return new Promise((resolve) => {
    const fallback = setTimeout(resolve, timeoutMs);
    if (typeof requestAnimationFrame !== 'function') return;
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(fallback);
        resolve();
      }, 0),
    );
  });
}

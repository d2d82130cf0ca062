import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterFirstContentfulPaint } from '../../src/lib/first-paint';

/** A stand-in for the browser's paint timing: `paint()` reports the first contentful paint. */
function stubPaintTiming() {
  const observers: Array<(list: { getEntriesByName: (name: string) => unknown[] }) => void> = [];
  let painted = false;
  const disconnected: boolean[] = [];
  class FakePerformanceObserver {
    static supportedEntryTypes = ['paint', 'largest-contentful-paint'];
    private readonly index: number;
    constructor(callback: (list: { getEntriesByName: (name: string) => unknown[] }) => void) {
      this.index = observers.push(callback) - 1;
      disconnected.push(false);
    }
    observe() {}
    disconnect() {
      disconnected[this.index] = true;
    }
  }
  vi.stubGlobal('PerformanceObserver', FakePerformanceObserver);
  vi.spyOn(performance, 'getEntriesByName').mockImplementation((name: string) => (painted && name === 'first-contentful-paint' ? [{ name } as PerformanceEntry] : []));
  return {
    disconnected,
    paint() {
      painted = true;
      const list = { getEntriesByName: (name: string) => (name === 'first-contentful-paint' ? [{ name }] : []) };
      for (const [index, callback] of observers.entries()) if (!disconnected[index]) callback(list);
    },
  };
}

/** src/lib/first-paint.ts: after the page's first contentful paint, whenever that comes. */
describe('afterFirstContentfulPaint', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('waits for the first contentful paint, however many frames come before it', async () => {
    const timing = stubPaintTiming();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let done = false;
    const painted = afterFirstContentfulPaint(3000).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(500);
    expect(done).toBe(false);
    timing.paint();
    await painted;
    expect(done).toBe(true);
    expect(timing.disconnected).toEqual([true]);
  });

  it('resolves at once when the page has already painted', async () => {
    const timing = stubPaintTiming();
    timing.paint();
    await expect(afterFirstContentfulPaint(3000)).resolves.toBeUndefined();
    expect(timing.disconnected).toEqual([]);
  });

  it('resolves after the timeout when the paint does not come', async () => {
    stubPaintTiming();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let done = false;
    const painted = afterFirstContentfulPaint(3000).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(2999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await painted;
    expect(done).toBe(true);
  });

  it('does not wait in a hidden tab, which paints nothing', async () => {
    stubPaintTiming();
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    await expect(afterFirstContentfulPaint(3000)).resolves.toBeUndefined();
  });

  it('does not wait where paint timing is not reported', async () => {
    vi.stubGlobal('PerformanceObserver', undefined);
    await expect(afterFirstContentfulPaint(3000)).resolves.toBeUndefined();
  });
});

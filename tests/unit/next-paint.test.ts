import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterNextPaint } from '../../src/lib/next-paint';

/** src/lib/next-paint.ts: after the next frame, or after the timeout where nothing paints. */
describe('afterNextPaint', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('resolves in the second animation frame, once the first one has been shown', async () => {
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let done = false;
    const painted = afterNextPaint(1000).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(10);
    frames.shift()!(16);
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toBe(false);
    frames.shift()!(32);
    await painted;
    expect(done).toBe(true);
  });

  it('resolves after the timeout when no frame comes (a hidden tab)', async () => {
    vi.stubGlobal('requestAnimationFrame', () => 1);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let done = false;
    const painted = afterNextPaint(100).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(99);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await painted;
    expect(done).toBe(true);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { READ_AHEAD_TTL_MS, readAhead, takeReadAhead } from '../../src/api/read-ahead';

/** Reads started ahead (src/api/read-ahead.ts): taken once, while fresh, failures included. */
describe('read-ahead', () => {
  afterEach(() => vi.useRealTimers());

  it('hands the read under way to the first caller, and a fresh read to the next', async () => {
    const ahead = vi.fn<() => Promise<string>>().mockResolvedValue('ahead');
    const fresh = vi.fn<() => Promise<string>>().mockResolvedValue('fresh');
    readAhead('key', ahead);
    expect(ahead).toHaveBeenCalledTimes(1);
    await expect(takeReadAhead('key', fresh)).resolves.toBe('ahead');
    expect(fresh).not.toHaveBeenCalled();
    await expect(takeReadAhead('key', fresh)).resolves.toBe('fresh');
    expect(fresh).toHaveBeenCalledTimes(1);
  });

  it('reads afresh for a key nobody read ahead', async () => {
    readAhead('other', () => Promise.resolve('other'));
    await expect(takeReadAhead('key', () => Promise.resolve('fresh'))).resolves.toBe('fresh');
    await expect(takeReadAhead('other', () => Promise.resolve('fresh'))).resolves.toBe('other');
  });

  it('passes a failed read to its taker (who shows it as its own)', async () => {
    readAhead('key', () => Promise.reject(new Error('offline')));
    await expect(takeReadAhead('key', () => Promise.resolve('fresh'))).rejects.toThrow('offline');
  });

  it('does not hand out a read older than the time limit', async () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    readAhead('key', () => Promise.resolve('stale'));
    vi.advanceTimersByTime(READ_AHEAD_TTL_MS + 1);
    await expect(takeReadAhead('key', () => Promise.resolve('fresh'))).resolves.toBe('fresh');
  });

  it('leaves no unhandled rejection behind when nobody takes a failed read', async () => {
    const unhandled = vi.fn<(reason: unknown) => void>();
    process.on('unhandledRejection', unhandled);
    readAhead('untaken', () => Promise.reject(new Error('offline')));
    await new Promise((resolve) => setTimeout(resolve, 10));
    process.off('unhandledRejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
  });
});

import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense, type ComponentType } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { preloadableLazy } from '../../src/app/preloadable-lazy';

/** A page fetched ahead renders without suspending (src/app/preloadable-lazy.ts). */
function Page() {
  return <p>the page</p>;
}

const inSuspense = (Component: ComponentType) => (
  <Suspense fallback={<p>loading</p>}>
    <Component />
  </Suspense>
);

describe('preloadableLazy', () => {
  afterEach(() => cleanup());

  it('renders a preloaded page at once: no fallback', async () => {
    const { Component, preload } = preloadableLazy(() => Promise.resolve({ default: Page }));
    await preload();
    render(inSuspense(Component));
    expect(screen.getByText('the page')).toBeTruthy();
    expect(screen.queryByText('loading')).toBeNull();
  });

  it('is React.lazy before the chunk is in: the fallback, then the page', async () => {
    const { Component } = preloadableLazy(() => Promise.resolve({ default: Page }));
    render(inSuspense(Component));
    expect(screen.getByText('loading')).toBeTruthy();
    expect(await screen.findByText('the page')).toBeTruthy();
  });

  it('fetches once however often it is preloaded, and fetches again after a failure', async () => {
    const load = vi.fn<() => Promise<{ default: typeof Page }>>().mockRejectedValueOnce(new Error('offline')).mockResolvedValue({ default: Page });
    const { Component, preload } = preloadableLazy(load);
    await expect(preload()).rejects.toThrow('offline');
    await act(async () => {
      await Promise.all([preload(), preload()]);
    });
    expect(load).toHaveBeenCalledTimes(2);
    render(inSuspense(Component));
    expect(screen.getByText('the page')).toBeTruthy();
  });
});

import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

type Module<P> = { default: ComponentType<P> };

/**
 * React.lazy for a page the entry point fetches ahead (routes.tsx: preloadPublicPage,
 * preloadSignedInPage). React.lazy suspends on a component's first render even when its chunk
 * has long arrived, and once a Suspense fallback has shown, React holds the content back until
 * 300 ms after it: on a reload, the overview appeared later than it could. Here,
 * once the chunk is in, the lazy component's loader hands React a thenable that answers at once,
 * which React takes as already resolved (react's lazyInitializer), so the page renders without
 * suspending. Before that, it is React.lazy as usual.
 */
export function preloadableLazy<P extends object>(load: () => Promise<Module<P>>): { Component: LazyExoticComponent<ComponentType<P>>; preload: () => Promise<Module<P>> } {
  let loaded: Module<P> | undefined;
  let loading: Promise<Module<P>> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (module) => (loaded = module),
      (error: unknown) => {
        // A failed fetch may be retried (the next render, another preload).
        loading = undefined;
        throw error;
      },
    ));
  const settled = (module: Module<P>) =>
    // oxlint-disable-next-line unicorn/no-thenable -- the point: a thenable that answers at once, which React reads as resolved
    ({ then: (resolve: (value: Module<P>) => void) => resolve(module) }) as unknown as Promise<Module<P>>;
  const Component = lazy(() => (loaded ? settled(loaded) : preload()));
  return { Component, preload };
}

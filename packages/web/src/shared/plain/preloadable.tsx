import { type ComponentType, lazy, useEffect, useState } from 'react';

/**
 * A component whose code loads on its own, that can be asked for ahead (`preload`), and that
 * renders at once when its code is already there.
 *
 * React's `lazy` suspends on its first render even when the code has loaded: it learns of the
 * loaded module a microtask later. The nearest Suspense boundary then commits its fallback, and
 * React holds back the reveal of what replaces it for up to 300 ms after that fallback was shown
 * (its Suspense throttle): a page whose code the boot had loaded painted 0.3-0.4 s late. Here, once
 * the module has loaded, `Component` renders the loaded component itself, and `useLoaded` lets a
 * part that must not wait for a boundary (the dashboard's chart) render its own placeholder.
 */
export interface Preloadable<P extends object> {
  /** The component: renders the loaded one, or suspends (as `lazy`) until its code is there. */
  Component: ComponentType<P>;
  /** Starts loading the code (once); resolves with the component. */
  preload: () => Promise<ComponentType<P>>;
  /** The component, if its code has loaded. */
  loaded: () => ComponentType<P> | undefined;
}

export function preloadable<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): Preloadable<P> {
  let loading: Promise<ComponentType<P>> | undefined;
  let done: ComponentType<P> | undefined;
  const preload = () => {
    if (!loading) {
      loading = load().then((module) => {
        done = module.default;
        return module.default;
      });
      // A failed load is tried again by the next render or preload.
      loading.catch(() => {
        loading = undefined;
      });
    }
    return loading;
  };
  const Lazy = lazy(async () => ({ default: await preload() }));
  // biome-ignore lint/correctness/noComponentHookFactories: made once per part, where the part is declared (as React's lazy).
  function Component(props: P) {
    const Loaded = done;
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  return { Component, preload, loaded: () => done };
}

/**
 * `part`'s component once its code has loaded (asked for on the first render), `undefined` until
 * then: the caller renders its own placeholder, with no Suspense boundary to hold the page back. A
 * failed load is thrown to the nearest error boundary.
 */
export function useLoaded<P extends object>(part: Preloadable<P>): ComponentType<P> | undefined {
  const [loaded, setLoaded] = useState<{ component: ComponentType<P> } | undefined>(() => {
    const component = part.loaded();
    return component ? { component } : undefined;
  });
  const [failure, setFailure] = useState<unknown>();
  useEffect(() => {
    if (loaded) return;
    let current = true;
    part.preload().then(
      (component) => current && setLoaded({ component }),
      (error: unknown) => current && setFailure(error),
    );
    return () => {
      current = false;
    };
  }, [part, loaded]);
  if (failure !== undefined) throw failure;
  return loaded?.component;
}

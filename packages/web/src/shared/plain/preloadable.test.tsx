import { type ComponentType, Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { preloadable } from './preloadable';

function Figures({ total }: { total: number }) {
  return <p>{total} users</p>;
}

const page = (Component: ComponentType<{ total: number }>) => (
  <Suspense fallback={<p>loading</p>}>
    <Component total={3} />
  </Suspense>
);

describe('preloadable', () => {
  it('renders a component whose code has loaded in the first render, without its fallback', async () => {
    const part = preloadable(async () => ({ default: Figures }));
    // React's own lazy would suspend here even once loaded, and commit the fallback first.
    expect(renderToString(page(part.Component))).toContain('loading');
    expect(await part.preload()).toBe(Figures);
    expect(part.loaded()).toBe(Figures);
    const html = renderToString(page(part.Component));
    expect(html).toContain('users</p>');
    expect(html).not.toContain('loading');
  });

  it('loads its code once, and again after a failed load', async () => {
    let loads = 0;
    let fail = true;
    const part = preloadable(async () => {
      loads += 1;
      if (fail) throw new Error('offline');
      return { default: Figures };
    });
    await expect(part.preload()).rejects.toThrow('offline');
    expect(part.loaded()).toBeUndefined();
    fail = false;
    await Promise.all([part.preload(), part.preload()]);
    expect(loads).toBe(2);
    expect(part.loaded()).toBe(Figures);
  });
});

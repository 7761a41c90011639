import { lazy, Suspense } from 'react';

// The picker brings its search and the entity definitions: only global admins see it, so it loads
// on its own, after the header.
const OrganizationSelector = lazy(() => import('./organization-selector'));

/** The header's organization picker; until its code is there, a blank of its size (nothing moves). */
export function OrganizationPicker({ width }: { width: number | string }) {
  return (
    <Suspense fallback={<div style={{ width, height: 'var(--gh-control)' }} />}>
      <OrganizationSelector width={width} />
    </Suspense>
  );
}

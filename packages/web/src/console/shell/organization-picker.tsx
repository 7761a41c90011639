import { Suspense } from 'react';
import { preloadable } from '../../shared/plain/preloadable';

/**
 * The picker's code, with its search and the entity definitions: only global admins see it, so it
 * loads on its own (from the boot, once the account says it is a global admin's: routes.tsx).
 */
export const OrganizationSelectorCode = preloadable(() => import('./organization-selector'));

/** The header's organization picker; until its code is there, a blank of its size (nothing moves). */
export function OrganizationPicker({ width }: { width: number | string }) {
  const { Component: OrganizationSelector } = OrganizationSelectorCode;
  return (
    <Suspense fallback={<div style={{ width, height: 'var(--gh-control)' }} />}>
      <OrganizationSelector width={width} />
    </Suspense>
  );
}

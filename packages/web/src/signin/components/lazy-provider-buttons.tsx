import { type ComponentProps, lazy, Suspense } from 'react';

const ProviderButtons = lazy(() => import('../lazy/provider-buttons').then((m) => ({ default: m.ProviderButtons })));

type Props = ComponentProps<typeof ProviderButtons>;

/** Whether an application has a provider row that may sign in (or up): only then are the buttons' code and icons loaded. */
function hasProviderRows(app: Props['app'], purpose: Props['purpose']): boolean {
  const rows: unknown[] = Array.isArray(app?.providers) ? app.providers : [];
  const flag = purpose === 'signup' ? 'canSignUp' : 'canSignIn';
  return rows.some((row) => !!row && typeof row === 'object' && Reflect.get(row, flag) === true);
}

/**
 * The Providers item of the sign-in and sign-up pages, loaded when the application has identity
 * providers at all: most applications have none, and their visitors do not download the buttons.
 */
export function LazyProviderButtons(props: Props) {
  if (!hasProviderRows(props.app, props.purpose)) return null;
  return (
    <Suspense fallback={null}>
      <ProviderButtons {...props} />
    </Suspense>
  );
}

import type { ResultProps } from 'antd';
import { lazy, Suspense } from 'react';
import { PageSpin } from './page-spin';

// antd's Result (about 11 kB gzip with its pictures) loads with the outcome it shows: the public
// pages show one only after a sign-in, or when something went wrong.
const Result = lazy(() => import('antd/es/result'));

/** antd's Result, loaded when it is shown (a spinner until then). */
export function LazyResult(props: ResultProps) {
  return (
    <Suspense fallback={<PageSpin />}>
      <Result {...props} />
    </Suspense>
  );
}

import { Empty } from 'antd';
import type { ReactNode } from 'react';

/**
 * The `locale` of a table that loads: while it loads, the spinner alone (an empty space of the
 * placeholder's height, never "No data" under the spinner); once loaded and empty, `empty`.
 */
export function tableEmpty(loading: boolean, empty: ReactNode): { emptyText: ReactNode } {
  return { emptyText: loading ? <div style={{ minHeight: 80 }} aria-hidden /> : empty };
}

/** The simple "nothing here" of a table, in words of the caller's (general.noData, webhook.noDeliveries ...). */
export function EmptyText({ text }: { text: ReactNode }) {
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text} />;
}

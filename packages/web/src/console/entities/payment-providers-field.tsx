import { useQuery } from '@tanstack/react-query';
import { Form, Select, Spin, Typography } from 'antd';
import { useState } from 'react';
import { type Rec, unwrap } from '../../shared/data/client';
import { textOf } from '../../shared/data/text';
import { getList } from '../data/entities';
import { definitionOf } from './definitions';
import type { FieldControlProps } from './ui-types';

/** Payment providers an organization may hold are few; one page covers them. */
const PAYMENT_PROVIDERS_PAGE = 100;

/**
 * The Payment providers of the record's organization and the shared ones (the organization's
 * providers of the category Payment), picked by name: a product's
 * providers, a plan's payment providers. The server filters by category; the typed text narrows
 * the choices here. Loaded when the list opens, never before.
 */
export function PaymentProvidersField({ id, value, onChange, disabled, stored, label }: FieldControlProps) {
  const owner = textOf(Form.useWatch('owner') ?? stored.owner);
  const [open, setOpen] = useState(false);
  const providers = definitionOf('provider');
  const query = useQuery({
    queryKey: ['ref', 'provider', 'Payment', owner],
    queryFn: async () =>
      providers
        ? (unwrap(
            await getList(providers, {
              organization: owner,
              page: 1,
              pageSize: PAYMENT_PROVIDERS_PAGE,
              field: 'category',
              value: 'Payment',
            }),
          ).data ?? [])
        : [],
    enabled: open && owner !== '',
    staleTime: 30_000,
  });
  const current = Array.isArray(value) ? value.map(textOf) : [];
  const found: Rec[] = query.data ?? [];
  const options = found.map((p) => ({
    value: textOf(p.name),
    label: `${textOf(p.displayName) || textOf(p.name)} (${textOf(p.type)})`,
  }));
  for (const name of current) if (!options.some((o) => o.value === name)) options.push({ value: name, label: name });
  return (
    <Select
      id={id}
      mode="multiple"
      aria-label={label}
      disabled={disabled}
      value={current}
      onChange={(next: string[]) => onChange?.(next)}
      options={options}
      optionFilterProp="label"
      onOpenChange={setOpen}
      loading={query.isFetching}
      notFoundContent={
        query.isFetching ? (
          <Spin size="small" />
        ) : query.error ? (
          <Typography.Text type="danger">{query.error.message}</Typography.Text>
        ) : undefined
      }
    />
  );
}

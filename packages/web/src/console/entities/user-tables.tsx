import { MAX_FACE_IDS } from '@gatehouse/entities';
import { useMemo } from 'react';
import { useTranslation } from '../../shared/i18n/i18n';
import { useJsonValue } from '../crud/json-value';
import { ListEditor } from '../crud/list-editor';
import { RowsTable, type RowsTableSpec } from '../crud/rows-table';
import type { FieldControlProps } from './ui-types';

/** The user's table editors: managed accounts, MFA accounts, face IDs, properties. */

/** A table whose cells are all free text, one column per key (in that order), new rows blank. */
function textRows<R extends Record<string, string>>(blank: R, keys: (keyof R & string)[]): RowsTableSpec<R> {
  return {
    empty: () => [],
    rules: { newRow: () => ({ ...blank }) },
    columns: (t) => keys.map((key) => ({ key, title: t(`user.rows.${key}`), kind: 'text' as const })),
  };
}

// Stored secrets (passwords, secret keys) come back as ***: sending *** keeps them, a new value replaces them.
const MANAGED_ACCOUNTS = textRows({ application: '', username: '', password: '', signinUrl: '' }, [
  'application',
  'username',
  'password',
  'signinUrl',
]);
export function ManagedAccountsTable(props: FieldControlProps) {
  return <RowsTable {...props} spec={MANAGED_ACCOUNTS} />;
}

const MFA_ACCOUNTS = textRows({ accountName: '', issuer: '', secretKey: '', origin: '' }, [
  'accountName',
  'issuer',
  'secretKey',
  'origin',
]);
export function MfaAccountsTable(props: FieldControlProps) {
  return <RowsTable {...props} spec={MFA_ACCOUNTS} />;
}

interface FaceId {
  name: string;
  faceIdData: number[];
  imageUrl: string;
}
const FACE_IDS: RowsTableSpec<FaceId> = {
  empty: () => [],
  // At most five face IDs; Add is disabled at the fifth.
  rules: {
    newRow: (rows) => ({ name: `face-id-${rows.length + 1}`, faceIdData: [], imageUrl: '' }),
    canAdd: (rows) => rows.length < MAX_FACE_IDS,
  },
  columns: (t) => [
    { key: 'name', title: t('user.rows.name'), kind: 'text' },
    { key: 'imageUrl', title: t('user.rows.imageUrl'), kind: 'text' },
  ],
  hint: 'user.faceIdsHint',
};
export function FaceIdsTable(props: FieldControlProps) {
  return <RowsTable {...props} spec={FACE_IDS} />;
}

interface PropertyRow {
  key: string;
  value: string;
}

/** The user's properties (a string map) as a key/value table, ten rows per page. */
export function PropertiesTable({ id, value, onChange, disabled, label }: FieldControlProps) {
  const { t } = useTranslation();
  const [map, setMap] = useJsonValue<Record<string, string>>(value, onChange, () => ({}));
  const rows = useMemo(() => Object.entries(map).map(([key, v]) => ({ key, value: String(v) })), [map]);
  // Rows become the map again; a row without a key is kept while it is being typed (as "").
  const store = (next: PropertyRow[]) => setMap(Object.fromEntries(next.map((row) => [row.key, row.value])));
  return (
    <ListEditor<PropertyRow>
      id={id}
      value={rows}
      onChange={store}
      disabled={disabled}
      label={label}
      pageSize={10}
      columns={[
        { key: 'key', title: t('user.rows.key'), kind: 'text', invalid: (row) => row.key === '' },
        { key: 'value', title: t('user.rows.value'), kind: 'text' },
      ]}
      newRow={(current) => {
        let n = current.length + 1;
        while (current.some((row) => row.key === `key${n}`)) n++;
        return { key: `key${n}`, value: '' };
      }}
    />
  );
}

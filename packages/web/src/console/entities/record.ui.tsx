import { record as recordDef, showsTriggered } from '@gatehouse/entities';
import { Button, Descriptions, Drawer, Switch, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Rec } from '../../shared/data/client';
import { useTranslation } from '../../shared/i18n/i18n';
import { useScreens } from '../../shared/plain/use-media';
import { FieldCell } from '../crud/field-cell';
import type { EntityOverrides, ListCellProps } from './ui-types';

/** The client's address, linked to an IP lookup. */
function ClientIpCell({ record }: ListCellProps) {
  const { t } = useTranslation();
  const ip = String(record.clientIp ?? '');
  if (ip === '') return null;
  return (
    <a href={`https://db-ip.com/${encodeURIComponent(ip)}`} target="_blank" rel="noreferrer" title={t('record.ipLookup', { ip })}>
      {ip}
    </a>
  );
}

/** The user, linked to the user's page in the record's organization. */
function UserCell({ record }: ListCellProps) {
  const user = String(record.user ?? '');
  const organization = String(record.organization ?? '');
  if (user === '') return null;
  // Applications acting as themselves (app/...) have no user page.
  if (organization === '' || user.includes('/')) return user;
  return <Link to={`/users/${encodeURIComponent(organization)}/${encodeURIComponent(user)}`}>{user}</Link>;
}

/** The triggered switch, only for the actions webhooks are sent for. */
function TriggeredCell({ record, label }: ListCellProps) {
  if (!showsTriggered(record.action)) return null;
  return <Switch size="small" disabled checked={record.isTriggered === true} aria-label={label} />;
}

/** The request body, cut short in the list (the drawer shows all of it). */
function ObjectCell({ record }: ListCellProps) {
  const text = String(record.object ?? '');
  if (text === '') return null;
  return (
    <Typography.Text code ellipsis={{ tooltip: text }} style={{ maxWidth: 240 }}>
      {text}
    </Typography.Text>
  );
}

/** The object as indented JSON when it is JSON, else as it is. */
export function formattedObject(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

function DetailValue({ field, record }: { field: string; record: Rec }) {
  const { t } = useTranslation();
  const label = t(`record.${field}`);
  switch (field) {
    case 'object':
      return (
        <pre data-testid="record-object" style={{ margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
          {formattedObject(String(record.object ?? ''))}
        </pre>
      );
    case 'clientIp':
      return <ClientIpCell record={record} label={label} />;
    case 'user':
      return <UserCell record={record} label={label} />;
    case 'isTriggered':
      return <Switch size="small" disabled checked={record.isTriggered === true} aria-label={label} />;
    default:
      return <FieldCell def={recordDef} field={field} record={record} />;
  }
}

/** The Detail action: a side drawer with every field of the record, in the form's order. */
function RecordDetail({ record }: { record: Rec }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const screens = useScreens();
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)}>
        {t('record.detail')}
      </Button>
      <Drawer
        open={open}
        onClose={() => setOpen(false)}
        title={t('record.detailTitle', { id: String(record.id ?? '') })}
        size={screens.md ? 720 : '100%'}
        destroyOnHidden
      >
        <Descriptions
          bordered
          column={1}
          size="small"
          items={recordDef.form.map((field) => ({
            key: field,
            label: t(`record.${field}`),
            children: <DetailValue field={field} record={record} />,
          }))}
        />
      </Drawer>
    </>
  );
}

/**
 * Audit records: read-only, 20 a page; the client IP opens an IP lookup, the
 * user the user's page, the triggered switch shows for the webhook events only, and Detail opens
 * a drawer with every field and the object as indented JSON.
 */
const overrides: EntityOverrides = {
  listCells: { clientIp: ClientIpCell, user: UserCell, isTriggered: TriggeredCell, object: ObjectCell },
  listActions: [{ key: 'detail', label: 'record.detail', render: RecordDetail }],
  // The name (a random id of the record) is hidden for organization administrators.
  listHiddenColumns: (viewer) => (viewer?.level === 'orgAdmin' ? ['name'] : []),
};

export default overrides;

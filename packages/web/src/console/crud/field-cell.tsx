import {
  ADMIN_OWNER,
  type EntityDefinition,
  entityByName,
  type FieldSpec,
  isSafeLink,
  organizationOf,
} from '@gatehouse/entities';
import { Space, Switch, Tag } from 'antd';
import { Link } from 'react-router';
import type { Rec } from '../../shared/data/client';
import { useTranslation } from '../../shared/i18n/i18n';
import { InlineCode } from '../components/plain-typography';
import { formatTime } from './format';
import { editPath } from './paths';
import { valueLabel } from './value-label';

interface Props {
  def: EntityDefinition<any>;
  field: string;
  record: Rec;
}

/** Whether a field names an organization (an owner that is one, or a reference to one). */
function namesOrganization(def: EntityDefinition<any>, field: string, spec: FieldSpec<any>): boolean {
  return spec.ref === 'organization' || (field === 'owner' && def.orgField === 'owner');
}

/**
 * The edit page of the record a text field names by name in the record's organization (a
 * subscription's user, plan and pricing; a plan's role; a token's application), or null. Shared
 * entities (certs, providers) are left out: their records may be the organization's or `admin`'s,
 * which the name alone does not tell.
 */
function refLink(def: EntityDefinition<any>, spec: FieldSpec<any>, record: Rec, value: unknown): string | null {
  if (spec.kind !== 'text' || !spec.ref || spec.ref === 'organization' || typeof value !== 'string' || value === '') return null;
  const referenced = entityByName(spec.ref);
  if (!referenced?.routes.edit || referenced.shared) return null;
  const organization = organizationOf(def, record);
  return editPath(referenced, { owner: referenced.fixedOwner ?? organization, organization, name: value });
}

/** One list cell, presented by the field's kind and format. */
export function FieldCell({ def, field, record }: Props) {
  const { t, i18n } = useTranslation();
  const spec = def.fields[field] as FieldSpec<any>;
  const value = record[field];
  const label = t(`${def.name}.${field}`);

  if (field === 'name') return def.routes.edit ? <Link to={editPath(def, record)}>{String(value)}</Link> : String(value);
  // The records of admin are shared with every organization (owner admin is displayed as Shared).
  if (def.shared && field === def.orgField && value === ADMIN_OWNER) return t('general.shared');
  if (namesOrganization(def, field, spec) && typeof value === 'string' && value !== '' && value !== ADMIN_OWNER) {
    return <Link to={`/organizations/${encodeURIComponent(value)}`}>{value}</Link>;
  }

  const link = refLink(def, spec, record, value);
  if (link) return <Link to={link}>{String(value)}</Link>;

  switch (spec.kind) {
    case 'bool':
      return <Switch size="small" disabled checked={value === true} aria-label={label} />;
    case 'timestamp':
      return <span style={{ whiteSpace: 'nowrap' }}>{formatTime(value, i18n.language)}</span>;
    case 'list':
      return (
        <Space size={[0, 4]} wrap>
          {(Array.isArray(value) ? value : []).map((item) => (
            <Tag key={String(item)}>{String(item)}</Tag>
          ))}
        </Space>
      );
    case 'json':
      return <InlineCode>{JSON.stringify(value)}</InlineCode>;
    case 'password':
    case 'secret':
      return value ? '***' : '';
  }

  const text = value === null || value === undefined ? '' : String(value);
  if (text === '') return null;
  if (spec.kind === 'enum') return valueLabel(t, text);
  switch (spec.format) {
    case 'image':
      // Only what the server accepts as an image source is shown as one (never javascript: URLs).
      if (!isSafeLink(text, true)) return text;
      return <img src={text} alt={label} style={{ maxWidth: 40, maxHeight: 40, objectFit: 'contain' }} />;
    case 'url':
      // Only web addresses become links (never javascript: or data: URLs typed into a record).
      if (!isSafeLink(text)) return text;
      return (
        <a href={text} target="_blank" rel="noreferrer">
          {text}
        </a>
      );
    case 'email':
      return <a href={`mailto:${text}`}>{text}</a>;
    default:
      return text;
  }
}

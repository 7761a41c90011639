import { allows } from '@gatehouse/entities/plain';
import { Form, Space, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import type { Rec } from '../../shared/data/client';
import { useTranslation } from '../../shared/i18n/i18n';
import type { SectionExtraProps } from './ui-types';

/** A role or permission the user holds, as get-user answers it (owner, name, displayName). */
interface Held {
  owner: string;
  name: string;
  displayName: string;
}

function heldOf(value: unknown): Held[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: Rec) =>
    typeof item?.owner === 'string' && typeof item.name === 'string'
      ? [{ owner: item.owner, name: item.name, displayName: typeof item.displayName === 'string' ? item.displayName : '' }]
      : [],
  );
}

/**
 * The roles or the permissions the user holds (Casdoor's Roles and Permissions account items):
 * read-only, computed by the server from the roles and permissions that name the user, a group of
 * theirs or a role above theirs. Administrators of the organization open each one.
 */
function HeldList({ stored, viewer, kind }: SectionExtraProps & { kind: 'roles' | 'permissions' }) {
  const { t } = useTranslation();
  const held = heldOf(stored[kind]);
  const label = t(`user.${kind}`);
  const opens = allows('orgAdmin', viewer, String(stored.owner));
  const route = kind === 'roles' ? 'roles' : 'permissions';
  return (
    <Form.Item label={label}>
      <section aria-label={label}>
        {held.length === 0 ? (
          <Typography.Text type="secondary">{t('user.noneHeld')}</Typography.Text>
        ) : (
          <Space size={[4, 4]} wrap>
            {held.map((item) => {
              const text = item.displayName || item.name;
              return (
                <Tag key={`${item.owner}/${item.name}`}>
                  {opens ? (
                    <Link to={`/${route}/${encodeURIComponent(item.owner)}/${encodeURIComponent(item.name)}`}>{text}</Link>
                  ) : (
                    text
                  )}
                </Tag>
              );
            })}
          </Space>
        )}
      </section>
    </Form.Item>
  );
}

export function UserRoles(props: SectionExtraProps) {
  return <HeldList {...props} kind="roles" />;
}

export function UserPermissions(props: SectionExtraProps) {
  return <HeldList {...props} kind="permissions" />;
}

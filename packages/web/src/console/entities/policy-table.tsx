import { ReloadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Input, Popconfirm, Space, Table, type TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../shared/i18n/i18n';
import { errorText } from '../components/feedback';
import { EmptyText, tableEmpty } from '../components/table-empty';
import { addPolicy, removePolicy, updatePolicy } from '../data/authz';
import { newPolicyRow, type PolicyRow, type RuleValue, ruleOf, valueColumns } from './policy-rows';
import type { SectionExtraProps } from './ui-types';
import { POLICY_PAGE_SIZE, usePolicyPage } from './use-policy-page';

/**
 * The enforcer's policies, a page of 100 at a time read on the server: one row is
 * edited at a time and every other action (paging included) waits meanwhile; Add puts a new p row
 * on top; Cancel restores the old values or drops the new row; Sync reads the rows again from the
 * adapter. Every write reads the current page again. Columns are named after the model's policy
 * definition when it is known.
 */
export function PolicyTable({ stored, disabled }: SectionExtraProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const id = `${String(stored.owner)}/${String(stored.name)}`;
  const { rows, setRows, page, total, modelCfg, loading, loadError, load } = usePolicyPage(
    String(stored.owner),
    String(stored.name),
  );
  const [editing, setEditing] = useState<{ key: string; draft: PolicyRow; isNew: boolean } | null>(null);
  const [busy, setBusy] = useState(false);

  const sync = (announce: boolean) => {
    setEditing(null);
    void load(page, { sync: true, announce });
  };

  useEffect(() => {
    setEditing(null);
    void load(1, { sync: true });
  }, [load]);

  const add = () => {
    const row = newPolicyRow(`new-${Date.now()}`);
    setRows((current) => [row, ...current]);
    setEditing({ key: row.key, draft: row, isNew: true });
  };

  const cancel = () => {
    if (editing?.isNew) setRows((current) => current.filter((r) => r.key !== editing.key));
    setEditing(null);
  };

  const save = async () => {
    if (!editing) return;
    setBusy(true);
    try {
      const draft = ruleOf(editing.draft);
      if (editing.isNew) {
        const answer = await addPolicy(id, draft);
        if (answer.status !== 'ok') {
          void message.error(t('general.failedToAdd', { msg: answer.msg }));
          return;
        }
        if (answer.data !== 'Affected') {
          void message.error(t('enforcer.duplicatedPolicy'));
          return;
        }
        void message.success(t('general.successfullyAdded'));
      } else {
        const old = rows.find((r) => r.key === editing.key);
        if (!old) return;
        const answer = await updatePolicy(id, ruleOf(old), draft);
        if (answer.status !== 'ok' || answer.data !== 'Affected') {
          void message.error(
            t('general.failedToSave', { msg: answer.status === 'ok' ? t('enforcer.duplicatedPolicyShort') : answer.msg }),
          );
          return;
        }
        void message.success(t('general.successfullySaved'));
      }
      setRows((current) => current.map((r) => (r.key === editing.key ? { ...draft, key: r.key } : r)));
      setEditing(null);
      void load(page);
    } catch (error) {
      void message.error(errorText(t, error));
    } finally {
      setBusy(false);
    }
  };

  const remove = async (row: PolicyRow) => {
    setBusy(true);
    try {
      const answer = await removePolicy(id, ruleOf(row));
      if (answer.status !== 'ok' || answer.data !== 'Affected') {
        void message.error(t('enforcer.failedToDelete'));
        return;
      }
      setRows((current) => current.filter((r) => r.key !== row.key));
      void message.success(t('general.successfullyDeleted'));
      void load(page);
    } catch (error) {
      void message.error(errorText(t, error));
    } finally {
      setBusy(false);
    }
  };

  const setDraft = (field: 'Ptype' | RuleValue, value: string) =>
    setEditing((current) => (current ? { ...current, draft: { ...current.draft, [field]: value } } : current));

  const cell = (field: 'Ptype' | RuleValue, title: string) => (_: unknown, row: PolicyRow) =>
    editing?.key === row.key ? (
      <Input
        size="small"
        aria-label={title}
        value={editing.draft[field]}
        onChange={(e) => setDraft(field, e.target.value)}
        onPressEnter={() => void save()}
      />
    ) : (
      row[field]
    );

  const locked = disabled || busy || editing !== null;
  const columns: TableColumnsType<PolicyRow> = [
    { key: 'Ptype', title: t('enforcer.ptype'), dataIndex: 'Ptype', width: 90, render: cell('Ptype', t('enforcer.ptype')) },
    ...valueColumns(modelCfg).map(({ key, title }) => ({ key, title, dataIndex: key, render: cell(key, title) })),
    {
      key: 'actions',
      title: t('general.action'),
      width: 170,
      render: (_: unknown, row: PolicyRow) =>
        editing?.key === row.key ? (
          <Space>
            <Button size="small" type="primary" loading={busy} onClick={() => void save()}>
              {t('general.save')}
            </Button>
            <Button size="small" disabled={busy} onClick={cancel}>
              {t('general.cancel')}
            </Button>
          </Space>
        ) : (
          <Space>
            <Button size="small" disabled={locked} onClick={() => setEditing({ key: row.key, draft: { ...row }, isNew: false })}>
              {t('general.edit')}
            </Button>
            <Popconfirm title={t('enforcer.sureToDeletePolicy')} onConfirm={() => void remove(row)} disabled={locked}>
              <Button size="small" danger disabled={locked}>
                {t('general.delete')}
              </Button>
            </Popconfirm>
          </Space>
        ),
    },
  ];

  return (
    <Card
      size="small"
      title={t('enforcer.policies')}
      style={{ marginTop: 16 }}
      extra={
        <Space>
          <Button size="small" onClick={add} disabled={locked || loadError !== null}>
            {t('general.add')}
          </Button>
          <Button
            size="small"
            icon={<ReloadOutlined />}
            onClick={() => sync(true)}
            disabled={busy || editing !== null}
            loading={loading}
          >
            {t('enforcer.sync')}
          </Button>
        </Space>
      }
    >
      {loadError && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          title={t('enforcer.failedToSyncPolicies', { msg: loadError })}
          action={
            <Button size="small" danger onClick={() => sync(false)} disabled={loading}>
              {t('general.retry')}
            </Button>
          }
        />
      )}
      <Table<PolicyRow>
        size="small"
        bordered
        rowKey="key"
        loading={loading}
        // A row being added on a full page pushes the page's last row out of view until it is saved.
        dataSource={rows.slice(0, POLICY_PAGE_SIZE)}
        columns={columns}
        pagination={{
          current: page,
          pageSize: POLICY_PAGE_SIZE,
          total,
          hideOnSinglePage: true,
          showSizeChanger: false,
          showTotal: (count) => t('general.totalCount', { total: count }),
          disabled: busy || editing !== null,
          onChange: (next) => void load(next),
        }}
        scroll={{ x: 'max-content' }}
        locale={tableEmpty(loading, <EmptyText text={loadError ? false : t('enforcer.noPolicies')} />)}
      />
    </Card>
  );
}

import { ReloadOutlined } from '@ant-design/icons';
import { App, Button, Card, Input, Popconfirm, Space, Table, type TableColumnsType, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../components/feedback';
import { addPolicy, getEnforcerWithModelCfg, getPolicies, removePolicy, updatePolicy } from '../data/authz';
import { newPolicyRow, type PolicyRow, type RuleValue, ruleOf, valueColumns } from './policy-rows';
import type { SectionExtraProps } from './ui-types';

/** The policy table's page size (spec §9). */
const PAGE_SIZE = 100;

/**
 * The enforcer's policies (spec §4.4): one row is edited at a time and every other action waits
 * meanwhile; Add puts a new p row on top; Cancel restores the old values or drops the new row;
 * Sync reads the rows again from the adapter. Columns are named after the model's policy
 * definition when it is known.
 */
export function PolicyTable({ stored, disabled }: SectionExtraProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const id = `${String(stored.owner)}/${String(stored.name)}`;
  const [rows, setRows] = useState<PolicyRow[]>([]);
  const [modelCfg, setModelCfg] = useState<Record<string, string> | undefined>();
  const [loading, setLoading] = useState(true);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ key: string; draft: PolicyRow; isNew: boolean } | null>(null);
  const [busy, setBusy] = useState(false);

  const sync = useCallback(
    async (announce: boolean) => {
      setLoading(true);
      try {
        const [enforcer, policies] = await Promise.all([
          getEnforcerWithModelCfg(String(stored.owner), String(stored.name)),
          getPolicies(id),
        ]);
        const cfg = enforcer.data?.modelCfg;
        setModelCfg(
          cfg && typeof cfg === 'object' ? Object.fromEntries(Object.entries(cfg).map(([k, v]) => [k, String(v)])) : undefined,
        );
        if (policies.status !== 'ok') {
          setLoadError(policies.msg);
          void message.error(t('enforcer.failedToSyncPolicies', { msg: policies.msg }));
          return;
        }
        setLoadError(null);
        setRows((policies.data ?? []).map((rule, i) => ({ ...rule, key: `row-${i}-${Date.now()}` })));
        setEditing(null);
        if (announce) void message.success(t('enforcer.successfullySynced'));
      } catch (error) {
        setLoadError(errorText(t, error));
        void message.error(t('enforcer.failedToSyncPolicies', { msg: errorText(t, error) }));
      } finally {
        setLoading(false);
      }
    },
    [id, stored.owner, stored.name, message, t],
  );

  useEffect(() => {
    void sync(false);
  }, [sync]);

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
            onClick={() => void sync(true)}
            disabled={busy || editing !== null}
            loading={loading}
          >
            {t('enforcer.sync')}
          </Button>
        </Space>
      }
    >
      {loadError && (
        <Typography.Paragraph type="danger" role="alert">
          {t('enforcer.failedToSyncPolicies', { msg: loadError })}
        </Typography.Paragraph>
      )}
      <Table<PolicyRow>
        size="small"
        bordered
        rowKey="key"
        loading={loading}
        dataSource={rows}
        columns={columns}
        pagination={{ pageSize: PAGE_SIZE, hideOnSinglePage: true, showSizeChanger: false }}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('enforcer.noPolicies') }}
      />
    </Card>
  );
}

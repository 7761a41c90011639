import {
  type AccessChange,
  EFFECT_KINDS,
  type KeyedExplanation,
  permission as permissionDef,
  type Simulation,
} from '@gatehouse/entities';
import { useQuery } from '@tanstack/react-query';
import { Alert, AutoComplete, Button, Card, Col, Collapse, Form, Input, Row, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { type Rec, unwrap } from '../../shared/data/client';
import { useTranslation } from '../../shared/i18n/i18n';
import { errorText } from '../components/feedback';
import { fromFormValues } from '../crud/form-values';
import { type EnforceTarget, explainEnforce, getEnforceFields, simulatePermission } from '../data/enforcement';
import { actionChoices, simulationSummary } from './enforce-texts';
import type { SectionExtraProps } from './ui-types';

const KNOWN_FIELDS = new Set(['sub', 'obj', 'act', 'dom']);

/** A request or policy field's label: the usual names translated, others as the model names them. */
function useFieldLabel() {
  const { t } = useTranslation();
  return (field: string) => (KNOWN_FIELDS.has(field) ? t(`enforce.field.${field}`) : field);
}

function Chain({ chain }: { chain: string[] }) {
  if (chain.length === 0) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Space size={4} wrap>
      {chain.map((step, i) => (
        <span key={step}>
          {i > 0 && <span aria-hidden="true">→ </span>}
          <Tag color={i === 0 ? 'blue' : step.startsWith('group:') ? 'purple' : undefined}>{step}</Tag>
        </span>
      ))}
    </Space>
  );
}

function ExplanationView({ answer, showKey }: { answer: KeyedExplanation; showKey: boolean }) {
  const { t } = useTranslation();
  const label = useFieldLabel();
  const { explanation } = answer;
  const decided = explanation.decidingRule.join('\u0000');
  const effectKind = EFFECT_KINDS[explanation.effect];
  const rows = explanation.matched.map((m, i) => ({ key: i, ...m, chain: explanation.chains[i] ?? [] }));
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Alert
        type={explanation.allowed ? 'success' : 'error'}
        showIcon
        message={`${explanation.allowed ? t('enforce.allowed') : t('enforce.denied')}${showKey ? ` (${answer.key})` : ''}`}
        description={
          <span>
            {t('enforce.effect')}: <Typography.Text code>{explanation.effect}</Typography.Text>
            {effectKind ? ` — ${t(`enforce.effectKind.${effectKind}`)}` : ''}
          </span>
        }
      />
      <Table
        size="small"
        bordered
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={rows}
        locale={{ emptyText: t('enforce.noMatch') }}
        columns={[
          ...explanation.policyFields
            .map((field, index) => ({ field, index }))
            .filter(({ field }) => !field.startsWith('unused') && field !== 'permissionId')
            .map(({ field, index }) => ({
              key: field,
              title: label(field),
              render: (_: unknown, row: (typeof rows)[number]) => row.rule[index] ?? '',
            })),
          {
            key: 'effect',
            title: t('enforce.rowEffect'),
            render: (_: unknown, row: (typeof rows)[number]) => (
              <Space size={4}>
                <Tag color={row.effect === 'deny' ? 'red' : row.effect === 'allow' ? 'green' : undefined}>
                  {t(`enforce.eft.${row.effect}`)}
                </Tag>
                {row.rule.join('\u0000') === decided && <Tag color="gold">{t('enforce.decided')}</Tag>}
              </Space>
            ),
          },
          {
            key: 'chain',
            title: t('enforce.chain'),
            render: (_: unknown, row: (typeof rows)[number]) => <Chain chain={row.chain} />,
          },
        ]}
      />
    </Space>
  );
}

function ChangeTable({ changes }: { changes: AccessChange[] }) {
  const { t } = useTranslation();
  const label = useFieldLabel();
  const withDomain = changes.some((c) => c.domain !== '');
  return (
    <Table
      size="small"
      bordered
      rowKey={(c) => `${c.user}\u0000${c.domain}\u0000${c.resource}\u0000${c.action}`}
      dataSource={changes}
      pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
      scroll={{ x: 'max-content' }}
      columns={[
        { key: 'user', title: t('enforce.user'), dataIndex: 'user' },
        ...(withDomain ? [{ key: 'domain', title: label('dom'), dataIndex: 'domain' }] : []),
        { key: 'resource', title: label('obj'), dataIndex: 'resource' },
        { key: 'action', title: label('act'), dataIndex: 'action' },
      ]}
    />
  );
}

function SimulationView({ result }: { result: Simulation }) {
  const { t } = useTranslation();
  const nothing = result.gained.length === 0 && result.lost.length === 0;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Alert type={nothing ? 'info' : 'warning'} showIcon message={simulationSummary(t, result)} />
      {!nothing && (
        <Collapse
          items={[
            ...(result.gained.length
              ? [
                  {
                    key: 'gained',
                    label: t('enforce.gainedList', { count: result.gained.length }),
                    children: <ChangeTable changes={result.gained} />,
                  },
                ]
              : []),
            ...(result.lost.length
              ? [
                  {
                    key: 'lost',
                    label: t('enforce.lostList', { count: result.lost.length }),
                    children: <ChangeTable changes={result.lost} />,
                  },
                ]
              : []),
          ]}
        />
      )}
    </Space>
  );
}

/**
 * The panel of a permission's page: requests are asked of the permission alone, and Simulate sends
 * the form's current values. It sits inside the edit form (its own inputs are a form without a
 * <form> element, since forms do not nest).
 */
export function PermissionExplainPanel({ stored }: SectionExtraProps) {
  const form = Form.useFormInstance();
  const fields = permissionDef.form;
  const edited = () => ({ ...stored, ...fromFormValues(permissionDef, fields, form.getFieldsValue(fields)) });
  const actions: unknown = Form.useWatch('actions', form) ?? stored.actions;
  return (
    <EnforceExplainPanel
      target={{ kind: 'permissionId', id: `${stored.owner}/${stored.name}` }}
      edited={edited}
      ownActions={Array.isArray(actions) ? actions.map(String) : []}
    />
  );
}

/** The panel of an enforcer's page. */
export function EnforcerExplainPanel({ stored }: SectionExtraProps) {
  return <EnforceExplainPanel target={{ kind: 'enforcerId', id: `${stored.owner}/${stored.name}` }} />;
}

/**
 * The explain-and-simulate panel of the permission and enforcer pages: a request in the model's
 * fields, the decision with the rows that matched, the deciding row and how the subject reached each
 * row (user → group → role → sub-role); on a permission, what saving the current edit would change.
 */
export function EnforceExplainPanel({
  target,
  edited,
  ownActions = [],
}: {
  target: EnforceTarget;
  edited?: () => Rec;
  /** The permission's actions as edited, offered first for `act`. */
  ownActions?: string[];
}) {
  const { t } = useTranslation();
  const label = useFieldLabel();
  const [form] = Form.useForm<Record<string, string>>();
  const inputs = useQuery({
    queryKey: ['enforce-fields', target.kind, target.id],
    queryFn: async () => {
      const envelope = unwrap(await getEnforceFields(target));
      return { fields: envelope.data ?? [], actions: envelope.data2 ?? [] };
    },
  });
  const fields = { ...inputs, data: inputs.data?.fields };
  const actions = actionChoices(ownActions, inputs.data?.actions ?? []).map((action) => ({ value: action, label: action }));
  const [explaining, setExplaining] = useState(false);
  const [answers, setAnswers] = useState<KeyedExplanation[] | null>(null);
  const [simulating, setSimulating] = useState(false);
  const [simulation, setSimulation] = useState<Simulation | null>(null);
  const [error, setError] = useState<string | null>(null);

  const explain = async (values: Record<string, string>) => {
    setExplaining(true);
    setError(null);
    try {
      const request = (fields.data ?? []).map((f) => values[f] ?? '');
      setAnswers(unwrap(await explainEnforce(target, request)).data ?? []);
    } catch (err) {
      setAnswers(null);
      setError(errorText(t, err));
    } finally {
      setExplaining(false);
    }
  };

  const simulate = async () => {
    if (!edited) return;
    setSimulating(true);
    setError(null);
    try {
      setSimulation(unwrap(await simulatePermission(target.id, edited())).data ?? null);
    } catch (err) {
      setSimulation(null);
      setError(errorText(t, err));
    } finally {
      setSimulating(false);
    }
  };

  return (
    <Card title={t('enforce.title')} size="small" style={{ marginTop: 16 }} data-testid="enforce-explain">
      <Typography.Paragraph type="secondary">{t(edited ? 'enforce.introPermission' : 'enforce.intro')}</Typography.Paragraph>
      {fields.isError ? (
        <Alert
          type="error"
          showIcon
          message={errorText(t, fields.error)}
          action={<Button onClick={() => fields.refetch()}>{t('general.retry')}</Button>}
        />
      ) : (
        <Form form={form} component={false} layout="vertical" onFinish={explain} disabled={fields.isLoading}>
          <Row gutter={12}>
            {(fields.data ?? ['sub', 'obj', 'act']).map((field) => (
              <Col key={field} xs={24} sm={12} md={6}>
                {/* An empty value is asked for in words; nothing is sent until every field has one. */}
                <Form.Item
                  name={field}
                  label={label(field)}
                  rules={[
                    {
                      required: true,
                      whitespace: true,
                      message: t(`enforce.required.${KNOWN_FIELDS.has(field) ? field : 'other'}`, { field }),
                    },
                  ]}
                >
                  {field === 'act' ? (
                    // The actions the permission and the policy rows name, or any other typed.
                    <AutoComplete
                      options={actions}
                      showSearch={{
                        filterOption: (typed, option) =>
                          String(option?.value ?? '')
                            .toLowerCase()
                            .includes(typed.toLowerCase()),
                      }}
                    >
                      <Input placeholder={t('enforce.placeholder.act')} allowClear onPressEnter={() => form.submit()} />
                    </AutoComplete>
                  ) : (
                    <Input
                      placeholder={t(`enforce.placeholder.${KNOWN_FIELDS.has(field) ? field : 'other'}`)}
                      allowClear
                      onPressEnter={() => form.submit()}
                    />
                  )}
                </Form.Item>
              </Col>
            ))}
          </Row>
          <Space wrap>
            <Button type="primary" onClick={() => form.submit()} loading={explaining || fields.isLoading}>
              {t('enforce.explain')}
            </Button>
            {edited && (
              <Button onClick={simulate} loading={simulating}>
                {t('enforce.simulate')}
              </Button>
            )}
          </Space>
        </Form>
      )}
      <Space direction="vertical" style={{ width: '100%', marginTop: 16 }}>
        {error && <Alert type="error" showIcon message={error} />}
        {answers?.length === 0 && <Alert type="info" showIcon message={t('enforce.noEnforcer')} />}
        {answers?.map((answer) => (
          <ExplanationView key={answer.key} answer={answer} showKey={answers.length > 1} />
        ))}
        {simulation && <SimulationView result={simulation} />}
      </Space>
    </Card>
  );
}

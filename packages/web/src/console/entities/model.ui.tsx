import {
  MODEL_FIELD_KEYS,
  type ModelFields,
  POLICY_EFFECTS,
  parseModelText,
  printModelText,
  withModelFields,
} from '@gatehouse/entities';
import { Alert, AutoComplete, Flex, Input, Spin, Tabs, Typography } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from '../../shared/i18n/i18n';
import { fieldsOfText, modelTextPreview, modelTextProblem } from './model-rules';
import type { EntityOverrides, FieldControlProps, ListCellProps } from './ui-types';

const ModelCodeEditor = lazy(() => import('./model-code-editor'));

const FIELD_ORDER = Object.keys(MODEL_FIELD_KEYS) as (keyof ModelFields)[];

/** The Advanced tab: the five definitions as fields, written back into the text on every change. */
function StructuredEditor({ text, onChange, disabled }: { text: string; onChange: (text: string) => void; disabled: boolean }) {
  const { t } = useTranslation();
  const fields = fieldsOfText(text);
  if (!fields) return <Alert type="warning" showIcon message={t('model.advancedNeedsText')} />;
  const set = (field: keyof ModelFields, value: string) => {
    onChange(printModelText(withModelFields(parseModelText(text), { ...fields, [field]: value })));
  };
  return (
    <Flex vertical gap={12}>
      {FIELD_ORDER.map((field) => {
        const inputId = `model-advanced-${field}`;
        const label = t(`model.advanced.${field}`);
        let input = (
          <Input
            id={inputId}
            aria-label={label}
            value={fields[field]}
            disabled={disabled}
            onChange={(e) => set(field, e.target.value)}
            style={{ fontFamily: 'monospace' }}
          />
        );
        if (field === 'effect') {
          input = (
            <AutoComplete
              id={inputId}
              aria-label={label}
              value={fields.effect}
              disabled={disabled}
              options={POLICY_EFFECTS.map((e) => ({ value: e, label: e }))}
              onChange={(value: string) => set('effect', value)}
              style={{ fontFamily: 'monospace' }}
            />
          );
        }
        if (field === 'matchers') {
          input = (
            <Input.TextArea
              id={inputId}
              aria-label={label}
              value={fields.matchers}
              disabled={disabled}
              autoSize={{ minRows: 2, maxRows: 8 }}
              onChange={(e) => set('matchers', e.target.value)}
              style={{ fontFamily: 'monospace' }}
            />
          );
        }
        return (
          <Flex key={field} vertical gap={4}>
            <Typography.Text strong>
              <label htmlFor={inputId}>{label}</label>{' '}
              <Typography.Text type="secondary" code>
                [{MODEL_FIELD_KEYS[field].section}] {MODEL_FIELD_KEYS[field].key}
              </Typography.Text>
            </Typography.Text>
            {input}
          </Flex>
        );
      })}
    </Flex>
  );
}

/**
 * A model's text: the Basic tab edits it in a highlighting editor, the Advanced tab as fields; both
 * edit the same value. What is wrong with the text shows as it is typed, and Save is refused
 * while it is (the server checks it with casbin too).
 */
function ModelTextField({ id, value, onChange, disabled, label }: FieldControlProps) {
  const { t } = useTranslation();
  const text = typeof value === 'string' ? value : '';
  const problem = modelTextProblem(text);
  const change = (next: string) => onChange?.(next);
  return (
    <Flex vertical gap={8}>
      <Tabs
        items={[
          {
            key: 'basic',
            label: t('model.basic'),
            children: (
              <Suspense fallback={<Spin />}>
                <ModelCodeEditor id={id} value={text} onChange={change} disabled={disabled} label={label} />
              </Suspense>
            ),
          },
          {
            key: 'advanced',
            label: t('model.advanced.title'),
            children: <StructuredEditor text={text} onChange={change} disabled={disabled} />,
          },
        ]}
      />
      {problem && <Alert type="error" showIcon role="alert" message={t('model.textInvalid', { detail: problem })} />}
    </Flex>
  );
}

/** The list shows the text's first 100 characters. */
function ModelTextCell({ record }: ListCellProps) {
  const text = typeof record.modelText === 'string' ? record.modelText : '';
  return (
    <Typography.Text style={{ fontFamily: 'monospace', fontSize: 12 }} title={text}>
      {modelTextPreview(text)}
    </Typography.Text>
  );
}

const overrides: EntityOverrides = {
  fieldControls: { modelText: ModelTextField },
  listCells: { modelText: ModelTextCell },
  fieldRules: {
    modelText: (value) => (modelTextProblem(typeof value === 'string' ? value : '') ? 'model.textInvalidShort' : null),
  },
};

export default overrides;

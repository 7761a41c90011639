import { entityByName, type FieldSpec, isSafeLink } from '@gatehouse/entities';
import { Flex, Input, InputNumber, Select, Switch } from 'antd';
import { useTranslation } from '../../shared/i18n/i18n';
import { formatTime } from './format';
import { RefMultiSelect, RefSelect } from './ref-select';
import { valueLabel } from './value-label';

export interface FieldInputProps {
  spec: FieldSpec<any>;
  label: string;
  disabled: boolean;
  /** Organization scope of a reference picker. */
  refScope: string;
  // Injected by the form item:
  id?: string;
  value?: unknown;
  onChange?: (value: unknown) => void;
}

const asText = (value: unknown) => (value === null || value === undefined ? '' : String(value));
const asList = (value: unknown) => (Array.isArray(value) ? value.map(String) : []);

/** The input of one field, chosen by its kind, format and reference. */
export function FieldInput({ spec, label, disabled, refScope, id, value, onChange }: FieldInputProps) {
  const { t, i18n } = useTranslation();
  const change = (next: unknown) => onChange?.(next);
  const common = { id, disabled };
  const options = spec.options?.map((option) => ({ value: option, label: valueLabel(t, option) }));

  switch (spec.kind) {
    case 'bool':
      return <Switch {...common} checked={value === true} onChange={change} />;
    case 'int':
      return <InputNumber {...common} value={value as number | null} onChange={change} precision={0} style={{ width: '100%' }} />;
    case 'money':
      // Up to four decimal places (money.ts); the server rounds what has more. No min/max on the
      // input: it would silently move a typed value into range; the form's rule says what the range is.
      return <InputNumber {...common} value={value as number | null} onChange={change} style={{ width: '100%' }} />;
    case 'enum':
      return (
        <Select
          {...common}
          value={asText(value) || undefined}
          onChange={change}
          options={options}
          allowClear={spec.empty() === ''}
        />
      );
    case 'list': {
      // Ids (owner/name) of other records: picked from those of the organization, searched on the server.
      const listed = spec.ref ? entityByName(spec.ref) : undefined;
      if (listed) {
        return <RefMultiSelect {...common} definition={listed} organization={refScope} value={asList(value)} onChange={change} />;
      }
      return options ? (
        <Select {...common} mode="multiple" value={asList(value)} onChange={change} options={options} />
      ) : (
        // Free values: type one and press Enter (or a comma).
        <Select
          {...common}
          mode="tags"
          value={asList(value)}
          onChange={change}
          tokenSeparators={[',']}
          notFoundContent={null}
          suffixIcon={null}
        />
      );
    }
    case 'json':
      return (
        <Input.TextArea
          {...common}
          value={asText(value)}
          onChange={(e) => change(e.target.value)}
          autoSize={{ minRows: 3, maxRows: 16 }}
          spellCheck={false}
          style={{ fontFamily: 'monospace' }}
        />
      );
    case 'secret':
      return (
        <Input.Password {...common} value={asText(value)} onChange={(e) => change(e.target.value)} autoComplete="new-password" />
      );
    case 'password':
      // Write-only: it is changed through its own dialog (see the user overrides), never here.
      return <Input.Password id={id} value={asText(value)} disabled visibilityToggle={false} />;
    case 'timestamp':
      return <Input id={id} value={formatTime(value, i18n.language)} disabled />;
  }

  const referenced = spec.ref ? entityByName(spec.ref) : undefined;
  if (referenced) {
    return (
      <RefSelect
        {...common}
        definition={referenced}
        organization={refScope}
        value={asText(value) || undefined}
        onChange={change}
      />
    );
  }
  const text = asText(value);
  const onText = (e: { target: { value: string } }) => change(e.target.value);
  switch (spec.format) {
    case 'multiline':
      return <Input.TextArea {...common} value={text} onChange={onText} autoSize={{ minRows: 2, maxRows: 12 }} />;
    case 'image':
      return (
        <Flex vertical gap={8}>
          <Input {...common} value={text} onChange={onText} inputMode="url" />
          {text && isSafeLink(text, true) && (
            <img
              src={text}
              alt={t('general.previewOf', { field: label })}
              style={{ maxHeight: 64, maxWidth: 200, objectFit: 'contain' }}
            />
          )}
        </Flex>
      );
    case 'url':
      return <Input {...common} value={text} onChange={onText} inputMode="url" />;
    case 'email':
      return <Input {...common} value={text} onChange={onText} inputMode="email" autoComplete="off" />;
    default:
      return <Input {...common} value={text} onChange={onText} />;
  }
}

import {
  CUSTOM_HTTP_CONTENT_TYPES,
  CUSTOM_HTTP_SMS_MAPPING_KEYS,
  isHttpHeaderName,
  isImplementedProviderType,
  mappingKeys,
  PROVIDER_METHODS,
  PROVIDER_SUB_TYPES,
  PROVIDER_TYPES,
  type ProviderCategory,
  userMappingKind,
} from '@gatehouse/entities/plain';
import { Flex, Form, Input, Select, Tag, Typography } from 'antd';
import { useRef, useState } from 'react';
import { textOf as asText } from '../../shared/data/text';
import { useTranslation } from '../../shared/i18n/i18n';
import { useJsonValue } from '../crud/json-value';
import { ListEditor } from '../crud/list-editor';
import { endpointDefaults, smsMappingDefault } from './provider-fields';
import type { FieldControlProps } from './ui-types';

/** The provider form's own inputs: choices that follow the category and type, headers, user mapping. */

/**
 * The type, from the category's types: those this release implements first, then the others,
 * each tagged "configuration only" (also once chosen, in the closed select).
 */
export function ProviderTypeSelect({ id, value, onChange, disabled }: FieldControlProps) {
  const { t } = useTranslation();
  const category = asText(Form.useWatch('category')) as ProviderCategory;
  const types = PROVIDER_TYPES[category] ?? [];
  const current = asText(value);
  // A type stored by another client and unknown to the category stays choosable.
  const all = current && !types.includes(current) ? [...types, current] : types;
  const implemented = all.filter((type) => isImplementedProviderType(category, type));
  const configurable = all.filter((type) => !isImplementedProviderType(category, type));
  const option = (type: string, works: boolean) => ({
    value: type,
    title: type,
    label: works ? (
      type
    ) : (
      <Flex justify="space-between" align="center" gap={8}>
        <span>{type}</span>
        <Tag style={{ marginInlineEnd: 0 }}>{t('provider.configurationOnly')}</Tag>
      </Flex>
    ),
  });
  const options = [
    ...(implemented.length > 0
      ? [{ label: t('provider.implementedTypes'), options: implemented.map((type) => option(type, true)) }]
      : []),
    ...(configurable.length > 0
      ? [{ label: t('provider.configurationOnlyTypes'), options: configurable.map((type) => option(type, false)) }]
      : []),
  ];
  return (
    <Select
      id={id}
      disabled={disabled}
      value={current || undefined}
      onChange={onChange}
      options={options}
      showSearch={{ optionFilterProp: 'value' }}
    />
  );
}

/** A select of fixed choices that depend on the type (sub types, methods). */
function ChoiceSelect({ id, value, onChange, disabled, choices }: FieldControlProps & { choices: readonly string[] }) {
  return (
    <Select
      id={id}
      disabled={disabled}
      value={asText(value) || undefined}
      onChange={onChange}
      options={choices.map((choice) => ({ value: choice, label: choice }))}
    />
  );
}

export function SubTypeSelect(props: FieldControlProps) {
  const type = asText(Form.useWatch('type'));
  return <ChoiceSelect {...props} choices={PROVIDER_SUB_TYPES[type] ?? []} />;
}

export function MethodSelect(props: FieldControlProps) {
  const type = asText(Form.useWatch('type'));
  return <ChoiceSelect {...props} choices={PROVIDER_METHODS[type] ?? []} />;
}

/**
 * The issuer URL of a SAML provider; the custom HTTP e-mail and SMS types keep the content type
 * of their request body there, as Casdoor does (form-encoded when empty).
 */
export function IssuerUrlField(props: FieldControlProps) {
  const category = asText(Form.useWatch('category'));
  if (category === 'SAML') {
    return (
      <Input
        id={props.id}
        disabled={props.disabled}
        value={asText(props.value)}
        onChange={(e) => props.onChange?.(e.target.value)}
      />
    );
  }
  const value = asText(props.value) || CUSTOM_HTTP_CONTENT_TYPES[0];
  return <ChoiceSelect {...props} value={value} choices={CUSTOM_HTTP_CONTENT_TYPES} />;
}

interface HeaderRow {
  name: string;
  value: string;
}

const HEADERS_PAGE_SIZE = 10;

const toRows = (map: Record<string, string>): HeaderRow[] => Object.entries(map).map(([name, value]) => ({ name, value }));
/** Rows as the stored map: rows without a name are not sent, a repeated name keeps its last value. */
const toMap = (rows: readonly HeaderRow[]): Record<string, string> =>
  Object.fromEntries(rows.filter((row) => row.name.trim() !== '').map((row) => [row.name.trim(), row.value]));

/**
 * The HTTP headers (a name → value map) as a table of rows, 10 per page. The rows are kept here
 * while edited, so that a new row without a name yet, or a repeated name, is not lost; the form
 * holds the map they make.
 */
export function HttpHeadersTable({ id, value, onChange, disabled, label }: FieldControlProps) {
  const { t } = useTranslation();
  const [map, setMap] = useJsonValue<Record<string, string>>(value, onChange, () => ({}));
  const [rows, setRows] = useState<HeaderRow[]>(() => toRows(map));
  // The map this table last wrote: a different one came from outside (a reset) and replaces the rows.
  const written = useRef(JSON.stringify(map));
  if (JSON.stringify(map) !== written.current) {
    written.current = JSON.stringify(map);
    setRows(toRows(map));
  }
  const change = (next: HeaderRow[]) => {
    setRows(next);
    const nextMap = toMap(next);
    written.current = JSON.stringify(nextMap);
    setMap(nextMap);
  };
  const repeated = (row: HeaderRow) => row.name.trim() !== '' && rows.filter((r) => r.name.trim() === row.name.trim()).length > 1;
  return (
    <ListEditor<HeaderRow>
      id={id}
      value={rows}
      onChange={change}
      disabled={disabled}
      label={label}
      pageSize={HEADERS_PAGE_SIZE}
      newRow={() => ({ name: '', value: '' })}
      hint={t('provider.headers.hint')}
      columns={[
        {
          key: 'name',
          title: t('provider.headers.name'),
          kind: 'text',
          placeholder: 'Authorization',
          invalid: (row) => (row.name !== '' && !isHttpHeaderName(row.name.trim())) || repeated(row),
        },
        { key: 'value', title: t('provider.headers.value'), kind: 'text' },
      ]}
    />
  );
}

/**
 * The endpoint: for the vendor types whose API address it replaces, an optional advanced setting
 * whose placeholder shows the addresses used while it is empty.
 */
export function EndpointField({ id, value, onChange, disabled }: FieldControlProps) {
  const category = asText(Form.useWatch('category'));
  const type = asText(Form.useWatch('type'));
  const defaults = endpointDefaults({ category, type });
  return (
    <Input
      id={id}
      disabled={disabled}
      value={asText(value)}
      onChange={(e) => onChange?.(e.target.value)}
      inputMode="url"
      placeholder={defaults?.join(', ')}
    />
  );
}

/**
 * The user mapping: one input per key of the provider's kind (OAuth: the claims that fill the
 * user; custom HTTP e-mail: the body parameters of the message; custom HTTP SMS: the parameters of
 * the number and the text, each showing the name sent while it is empty). Required keys left
 * empty are marked; the form's rule refuses to save them ('This field is required').
 */
export function UserMappingField({ id, value, onChange, disabled, label }: FieldControlProps) {
  const { t } = useTranslation();
  const category = asText(Form.useWatch('category'));
  const type = asText(Form.useWatch('type'));
  const title = asText(Form.useWatch('title'));
  const [mapping, setMapping] = useJsonValue<Record<string, string>>(value, onChange, () => ({}));
  const kind = userMappingKind(category, type);
  const sms = category === 'SMS' && type === 'Custom HTTP SMS';
  if (!kind && !sms) return null;
  const { keys, required } = kind ? mappingKeys(kind) : { keys: CUSTOM_HTTP_SMS_MAPPING_KEYS, required: [] as string[] };
  const hint = sms ? 'provider.mapping.hintSms' : kind === 'user' ? 'provider.mapping.hintUser' : 'provider.mapping.hintEmail';
  const set = (key: string, text: string) => {
    const next = { ...mapping };
    if (text === '') delete next[key];
    else next[key] = text;
    setMapping(next);
  };
  return (
    <fieldset id={id} aria-label={label} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {t(hint)}
      </Typography.Paragraph>
      <Flex vertical gap={8}>
        {keys.map((key) => {
          const inputId = `${id ?? 'userMapping'}-${key}`;
          const text = mapping[key] ?? '';
          const isRequired = required.includes(key);
          const missing = isRequired && text.trim() === '';
          return (
            <Flex key={key} vertical gap={2}>
              <span>
                {isRequired && (
                  <span aria-hidden style={{ color: 'var(--ant-color-error)', marginInlineEnd: 4 }}>
                    *
                  </span>
                )}
                <label htmlFor={inputId}>{t(`provider.mapping.${key}`)}</label>
              </span>
              <Input
                id={inputId}
                value={text}
                disabled={disabled}
                aria-required={isRequired || undefined}
                aria-invalid={missing || undefined}
                status={missing ? 'error' : undefined}
                placeholder={sms ? smsMappingDefault(key, { title }) : undefined}
                onChange={(e) => set(key, e.target.value)}
              />
            </Flex>
          );
        })}
      </Flex>
    </fieldset>
  );
}

/**
 * The second secret: for e-mail providers it is the sender's name (Casdoor keeps it there), read
 * as plain text; otherwise a password input. It is masked (***) like any secret for viewers who may
 * not edit the provider.
 */
export function ClientSecret2Field({ id, value, onChange, disabled }: FieldControlProps) {
  const category = asText(Form.useWatch('category'));
  const common = {
    id,
    disabled,
    value: asText(value),
    onChange: (e: { target: { value: string } }) => onChange?.(e.target.value),
  };
  return category === 'Email' ? <Input {...common} /> : <Input.Password {...common} autoComplete="new-password" />;
}

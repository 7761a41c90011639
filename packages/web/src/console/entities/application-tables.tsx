import { PlusOutlined } from '@ant-design/icons';
import {
  type ApplicationProvider,
  type CustomScope,
  defaultSigninItems,
  defaultSigninMethods,
  defaultSignupItems,
  isValidRedirectUri,
  provider as providerDef,
  SAML_NAME_FORMATS,
  type SamlAttribute,
  SIGNUP_ITEM_TYPES,
  type SigninItem,
  type SigninMethod,
  type SignupItem,
} from '@gatehouse/entities';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Form, Input, Typography } from 'antd';
import { useEffect, useMemo, useRef } from 'react';
import { unwrap } from '../../shared/data/client';
import type { TFunction } from '../../shared/i18n/i18n';
import { useTranslation } from '../../shared/i18n/i18n';
import { useJsonValue } from '../crud/json-value';
import { ListEditor, StringListEditor } from '../crud/list-editor';
import { RowsTable, type RowsTableSpec } from '../crud/rows-table';
import { getList } from '../data/entities';
import { ProviderNameCell } from './application-provider-cell';
import {
  customScopeRows,
  providerRowAfterChange,
  providerRows,
  providerRuleOptions,
  samlAttributeRows,
  signinItemRows,
  signinMethodRows,
  signupItemRows,
} from './application-rows';
import type { FieldControlProps } from './ui-types';

/** The application's tables: list editors bound to the row rules. */

const title = (t: TFunction, key: string) => t(`application.rows.${key}`);

export function RedirectUrisTable({ id, value, onChange, disabled, label }: FieldControlProps) {
  const { t } = useTranslation();
  return (
    <StringListEditor
      id={id}
      value={value}
      onChange={onChange}
      disabled={disabled}
      label={label}
      title={title(t, 'redirectUri')}
      invalid={(uri) => !isValidRedirectUri(uri)}
      hint={t('application.redirectUrisHint')}
    />
  );
}

const SIGNIN_METHODS: RowsTableSpec<SigninMethod> = {
  empty: defaultSigninMethods,
  rules: signinMethodRows,
  columns: (t) => [
    { key: 'name', title: title(t, 'name'), kind: 'select', options: signinMethodRows.nameOptions },
    { key: 'displayName', title: title(t, 'displayName'), kind: 'text' },
    { key: 'rule', title: title(t, 'rule'), kind: 'select', options: signinMethodRows.ruleOptions },
  ],
};
export function SigninMethodsTable(props: FieldControlProps) {
  return <RowsTable {...props} spec={SIGNIN_METHODS} />;
}

const SIGNUP_ITEMS: RowsTableSpec<SignupItem> = {
  empty: defaultSignupItems,
  rules: signupItemRows,
  columns: (t) => [
    { key: 'name', title: title(t, 'name'), kind: 'select', options: signupItemRows.nameOptions },
    { key: 'visible', title: title(t, 'visible'), kind: 'switch', absent: signupItemRows.visibilityAbsent },
    { key: 'required', title: title(t, 'required'), kind: 'switch', disabled: signupItemRows.requiredDisabled },
    { key: 'prompted', title: title(t, 'prompted'), kind: 'switch' },
    { key: 'type', title: title(t, 'type'), kind: 'select', options: SIGNUP_ITEM_TYPES },
    { key: 'label', title: title(t, 'label'), kind: 'text' },
    { key: 'customCss', title: title(t, 'customCss'), kind: 'text' },
    { key: 'placeholder', title: title(t, 'placeholder'), kind: 'text' },
    { key: 'options', title: title(t, 'options'), kind: 'tags', disabled: signupItemRows.optionsDisabled },
    { key: 'regex', title: title(t, 'regex'), kind: 'text' },
    {
      key: 'rule',
      title: title(t, 'rule'),
      kind: 'select',
      options: signupItemRows.ruleOptions,
      disabled: signupItemRows.ruleDisabled,
    },
  ],
};
export function SignupItemsTable(props: FieldControlProps) {
  return <RowsTable {...props} spec={SIGNUP_ITEMS} />;
}

const SIGNIN_ITEMS: RowsTableSpec<SigninItem> = {
  empty: defaultSigninItems,
  rules: signinItemRows,
  columns: (t) => [
    { key: 'name', title: title(t, 'name'), kind: signinItemRows.nameKind, options: signinItemRows.nameOptions },
    { key: 'isCustom', title: title(t, 'isCustom'), kind: 'switch' },
    { key: 'visible', title: title(t, 'visible'), kind: 'switch' },
    { key: 'required', title: title(t, 'required'), kind: 'switch' },
    { key: 'label', title: title(t, 'label'), kind: 'text' },
    { key: 'customCss', title: title(t, 'customCss'), kind: 'text', absent: signinItemRows.customCssAbsent },
    { key: 'placeholder', title: title(t, 'placeholder'), kind: 'text' },
    {
      key: 'rule',
      title: title(t, 'rule'),
      kind: 'select',
      options: signinItemRows.ruleOptions,
      absent: signinItemRows.ruleAbsent,
    },
  ],
};

/**
 * The sign-in items: the table (built-in items by Add, custom ones by "Add custom item") and,
 * under it, a multi-line editor of each custom item's HTML (Casdoor keeps it in customCss).
 */
export function SigninItemsTable({ id, value, onChange, disabled, label }: FieldControlProps) {
  const { t } = useTranslation();
  const [rows, setRows] = useJsonValue<SigninItem[]>(value, onChange, SIGNIN_ITEMS.empty);
  const editors = useRef<HTMLFieldSetElement>(null);
  // After "Add custom item" the focus goes to the new item's HTML, the thing to write next.
  const focusRow = useRef<number | null>(null);
  useEffect(() => {
    if (focusRow.current === null) return;
    editors.current?.querySelector<HTMLElement>(`[data-row="${focusRow.current}"]`)?.focus();
    focusRow.current = null;
  });
  const addCustom = () => {
    focusRow.current = rows.length;
    setRows([...rows, signinItemRows.customRow(rows)]);
  };
  const setHtml = (index: number, html: string) =>
    setRows(rows.map((row, i) => (i === index ? { ...row, customCss: html } : row)));
  const htmlId = `${id ?? 'signinItems'}-html`;
  const custom = rows.flatMap((row, index) => (row.isCustom ? [{ row, index }] : []));

  return (
    <Flex vertical gap={12}>
      <ListEditor<SigninItem>
        id={id}
        value={rows}
        onChange={setRows}
        disabled={disabled}
        label={label}
        columns={SIGNIN_ITEMS.columns(t)}
        newRow={signinItemRows.newRow}
        undeletable={SIGNIN_ITEMS.rules.undeletable}
        onCellChange={signinItemRows.onCellChange}
        hint={
          <Button size="small" icon={<PlusOutlined aria-hidden />} disabled={disabled} onClick={addCustom}>
            {t('application.addCustomItem')}
          </Button>
        }
      />
      {custom.length > 0 && (
        <fieldset ref={editors} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
          <legend style={{ fontSize: 'inherit', fontWeight: 600, color: 'inherit', marginBottom: 0, border: 0 }}>
            {t('application.customItemsHtml')}
          </legend>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
            {t('application.customItemsHtmlHint')}
          </Typography.Paragraph>
          <Flex vertical gap={8}>
            {custom.map(({ row, index }) => {
              const inputId = `${htmlId}-${index}`;
              return (
                <div key={inputId}>
                  <label htmlFor={inputId}>{t('application.customItemHtml', { name: row.name, row: index + 1 })}</label>
                  <Input.TextArea
                    id={inputId}
                    data-row={index}
                    value={row.customCss}
                    onChange={(event) => setHtml(index, event.target.value)}
                    disabled={disabled}
                    autoSize={{ minRows: 3, maxRows: 16 }}
                    spellCheck={false}
                    placeholder={t('application.customItemHtmlPlaceholder')}
                    style={{ fontFamily: 'monospace', marginTop: 4 }}
                  />
                </div>
              );
            })}
          </Flex>
        </fieldset>
      )}
    </Flex>
  );
}

/**
 * The provider rows: each names a provider the organization may use, picked on the server's list
 * (application-provider-cell.tsx); the rule column offers None, Dynamic and Always on rows naming
 * a Captcha provider.
 */
const providersSpec = (organization: string, captchaNames: ReadonlySet<string>): RowsTableSpec<ApplicationProvider> => ({
  empty: () => [],
  rules: { ...providerRows, onCellChange: (next) => providerRowAfterChange(next, captchaNames) },
  columns: (t) => [
    {
      key: 'name',
      title: title(t, 'name'),
      kind: 'select',
      invalid: (row) => row.name.trim() === '',
      renderCell: (cell, _row, index, rows) => (
        <ProviderNameCell
          cell={cell}
          organization={organization}
          taken={rows.filter((_, i) => i !== index).map((other) => other.name)}
        />
      ),
    },
    { key: 'canSignUp', title: title(t, 'canSignUp'), kind: 'switch' },
    { key: 'canSignIn', title: title(t, 'canSignIn'), kind: 'switch' },
    { key: 'canUnlink', title: title(t, 'canUnlink'), kind: 'switch' },
    { key: 'prompted', title: title(t, 'prompted'), kind: 'switch' },
    { key: 'signupGroup', title: title(t, 'signupGroup'), kind: 'text' },
    { key: 'rule', title: title(t, 'rule'), kind: 'select', options: (row) => providerRuleOptions(row, captchaNames) },
  ],
});

/** The names of the Captcha providers an organization's applications may use (its own and the shared ones). */
function useCaptchaProviderNames(organization: string): ReadonlySet<string> {
  const captcha = useQuery({
    queryKey: ['captcha-provider-names', organization],
    queryFn: async () =>
      unwrap(await getList(providerDef, { organization, page: 1, pageSize: 100, field: 'category', value: 'Captcha' })).data ??
      [],
    enabled: organization !== '',
    staleTime: 60_000,
    retry: false,
  });
  return useMemo(() => new Set((captcha.data ?? []).map((record) => String(record.name))), [captcha.data]);
}

export function ProvidersTable(props: FieldControlProps) {
  const watched = Form.useWatch('organization');
  const organization = typeof watched === 'string' ? watched : '';
  const captchaNames = useCaptchaProviderNames(organization);
  const spec = useMemo(() => providersSpec(organization, captchaNames), [organization, captchaNames]);
  return <RowsTable {...props} spec={spec} />;
}

const SAML_ATTRIBUTES: RowsTableSpec<SamlAttribute> = {
  empty: () => [],
  rules: samlAttributeRows,
  columns: (t) => [
    { key: 'name', title: title(t, 'name'), kind: 'text' },
    { key: 'nameFormat', title: title(t, 'nameFormat'), kind: 'select', options: SAML_NAME_FORMATS },
    { key: 'value', title: title(t, 'value'), kind: 'text' },
  ],
};
export function SamlAttributesTable(props: FieldControlProps) {
  return <RowsTable {...props} spec={SAML_ATTRIBUTES} />;
}

const CUSTOM_SCOPES: RowsTableSpec<CustomScope> = {
  empty: () => [],
  rules: customScopeRows,
  columns: (t) => [
    { key: 'scope', title: title(t, 'scope'), kind: 'text' },
    { key: 'displayName', title: title(t, 'displayName'), kind: 'text' },
    { key: 'description', title: title(t, 'description'), kind: 'text' },
  ],
};
/** Scopes beyond OpenID Connect's: asking for one shows the consent screen, with its display name and description. */
export function CustomScopesTable(props: FieldControlProps) {
  return <RowsTable {...props} spec={CUSTOM_SCOPES} />;
}

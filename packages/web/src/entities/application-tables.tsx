import {
  type ApplicationProvider,
  type CustomScope,
  defaultSigninItems,
  defaultSigninMethods,
  defaultSignupItems,
  isValidRedirectUri,
  SAML_NAME_FORMATS,
  type SamlAttribute,
  SIGNUP_ITEM_TYPES,
  type SigninItem,
  type SigninMethod,
  type SignupItem,
} from '@gatehouse/entities';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useJsonValue } from '../crud/json-value';
import { ListEditor, type ListEditorColumn, StringListEditor } from '../crud/list-editor';
import {
  customScopeRows,
  PROVIDER_RULE_OPTIONS,
  providerRows,
  samlAttributeRows,
  signinItemRows,
  signinMethodRows,
  signupItemRows,
} from './application-rows';
import type { FieldControlProps } from './registry';

/** The application's tables (spec part 2 §2.4): list editors bound to the row rules. */

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

export function SigninMethodsTable({ id, value, onChange, disabled, label }: FieldControlProps) {
  const { t } = useTranslation();
  const [rows, setRows] = useJsonValue<SigninMethod[]>(value, onChange, defaultSigninMethods);
  const columns: ListEditorColumn<SigninMethod>[] = [
    { key: 'name', title: title(t, 'name'), kind: 'select', options: signinMethodRows.nameOptions },
    { key: 'displayName', title: title(t, 'displayName'), kind: 'text' },
    { key: 'rule', title: title(t, 'rule'), kind: 'select', options: signinMethodRows.ruleOptions },
  ];
  return (
    <ListEditor<SigninMethod>
      id={id}
      value={rows}
      onChange={setRows}
      disabled={disabled}
      label={label}
      columns={columns}
      newRow={signinMethodRows.newRow}
      canAdd={signinMethodRows.canAdd}
      undeletable={signinMethodRows.undeletable}
      onCellChange={signinMethodRows.onCellChange}
    />
  );
}

export function SignupItemsTable({ id, value, onChange, disabled, label }: FieldControlProps) {
  const { t } = useTranslation();
  const [rows, setRows] = useJsonValue<SignupItem[]>(value, onChange, defaultSignupItems);
  const columns: ListEditorColumn<SignupItem>[] = [
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
  ];
  return (
    <ListEditor<SignupItem>
      id={id}
      value={rows}
      onChange={setRows}
      disabled={disabled}
      label={label}
      columns={columns}
      newRow={signupItemRows.newRow}
      canAdd={signupItemRows.canAdd}
      undeletable={signupItemRows.undeletable}
      onCellChange={signupItemRows.onCellChange}
    />
  );
}

export function SigninItemsTable({ id, value, onChange, disabled, label }: FieldControlProps) {
  const { t } = useTranslation();
  const [rows, setRows] = useJsonValue<SigninItem[]>(value, onChange, defaultSigninItems);
  const columns: ListEditorColumn<SigninItem>[] = [
    { key: 'name', title: title(t, 'name'), kind: signinItemRows.nameKind, options: signinItemRows.nameOptions },
    { key: 'isCustom', title: title(t, 'isCustom'), kind: 'switch' },
    { key: 'visible', title: title(t, 'visible'), kind: 'switch' },
    { key: 'required', title: title(t, 'required'), kind: 'switch' },
    { key: 'label', title: title(t, 'label'), kind: 'text' },
    { key: 'customCss', title: title(t, 'customCss'), kind: 'text' },
    { key: 'placeholder', title: title(t, 'placeholder'), kind: 'text' },
    { key: 'rule', title: title(t, 'rule'), kind: 'text' },
  ];
  return (
    <ListEditor<SigninItem>
      id={id}
      value={rows}
      onChange={setRows}
      disabled={disabled}
      label={label}
      columns={columns}
      newRow={signinItemRows.newRow}
      onCellChange={signinItemRows.onCellChange}
    />
  );
}

export function ProvidersTable({ id, value, onChange, disabled, label }: FieldControlProps) {
  const { t } = useTranslation();
  const [rows, setRows] = useJsonValue<ApplicationProvider[]>(value, onChange, () => []);
  const columns: ListEditorColumn<ApplicationProvider>[] = [
    { key: 'name', title: title(t, 'name'), kind: 'text', invalid: (row) => row.name.trim() === '' },
    { key: 'canSignUp', title: title(t, 'canSignUp'), kind: 'switch' },
    { key: 'canSignIn', title: title(t, 'canSignIn'), kind: 'switch' },
    { key: 'canUnlink', title: title(t, 'canUnlink'), kind: 'switch' },
    { key: 'prompted', title: title(t, 'prompted'), kind: 'switch' },
    { key: 'signupGroup', title: title(t, 'signupGroup'), kind: 'text' },
    { key: 'rule', title: title(t, 'rule'), kind: 'select', options: PROVIDER_RULE_OPTIONS },
  ];
  return (
    <ListEditor<ApplicationProvider>
      id={id}
      value={rows}
      onChange={setRows}
      disabled={disabled}
      label={label}
      columns={columns}
      newRow={providerRows.newRow}
      hint={t('application.providersHint')}
    />
  );
}

export function SamlAttributesTable({ id, value, onChange, disabled, label }: FieldControlProps) {
  const { t } = useTranslation();
  const [rows, setRows] = useJsonValue<SamlAttribute[]>(value, onChange, () => []);
  const columns: ListEditorColumn<SamlAttribute>[] = [
    { key: 'name', title: title(t, 'name'), kind: 'text' },
    { key: 'nameFormat', title: title(t, 'nameFormat'), kind: 'select', options: SAML_NAME_FORMATS },
    { key: 'value', title: title(t, 'value'), kind: 'text' },
  ];
  return (
    <ListEditor<SamlAttribute>
      id={id}
      value={rows}
      onChange={setRows}
      disabled={disabled}
      label={label}
      columns={columns}
      newRow={samlAttributeRows.newRow}
    />
  );
}

/** Scopes beyond OpenID Connect's: asking for one shows the consent screen, with its display name and description. */
export function CustomScopesTable({ id, value, onChange, disabled, label }: FieldControlProps) {
  const { t } = useTranslation();
  const [rows, setRows] = useJsonValue<CustomScope[]>(value, onChange, () => []);
  const columns: ListEditorColumn<CustomScope>[] = [
    { key: 'scope', title: title(t, 'scope'), kind: 'text' },
    { key: 'displayName', title: title(t, 'displayName'), kind: 'text' },
    { key: 'description', title: title(t, 'description'), kind: 'text' },
  ];
  return (
    <ListEditor<CustomScope>
      id={id}
      value={rows}
      onChange={setRows}
      disabled={disabled}
      label={label}
      columns={columns}
      newRow={customScopeRows.newRow}
    />
  );
}

import { COUNTRY_CODES, LANGUAGES, PASSWORD_OPTIONS } from '@gatehouse/entities';
import { Popconfirm, Select, Switch, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from '../../shared/i18n/i18n';
import type { FieldControlProps } from './ui-types';

/** The organization's controls that are more than their field kind's input. */

const asList = (value: unknown) => (Array.isArray(value) ? value.map(String) : []);

/**
 * Privilege consent (built-in organization only): turning it on asks for a confirmation first,
 * with Casdoor's warning; turning it off does not.
 */
export function PrivilegeConsentSwitch({ id, value, onChange, disabled }: FieldControlProps) {
  const { t } = useTranslation();
  const checked = value === true;
  const control = (
    <Switch id={id} checked={checked} disabled={disabled} onChange={checked ? () => onChange?.(false) : undefined} />
  );
  if (checked || disabled) return control;
  return (
    <Popconfirm
      title={t('organization.privilegeConsentTitle')}
      description={
        <Typography.Paragraph style={{ maxWidth: 560, marginBottom: 0 }}>
          {t('organization.privilegeConsentWarning')}
        </Typography.Paragraph>
      }
      okText={t('general.ok')}
      cancelText={t('general.cancel')}
      onConfirm={() => onChange?.(true)}
    >
      {control}
    </Popconfirm>
  );
}

/** A list field chosen from labelled options (searched by label when `searchable`). */
function MultiSelect({
  id,
  value,
  onChange,
  disabled,
  options,
  searchable = true,
}: FieldControlProps & { options: { value: string; label: string }[]; searchable?: boolean }) {
  return (
    <Select
      id={id}
      mode="multiple"
      value={asList(value)}
      onChange={(next) => onChange?.(next)}
      options={options}
      disabled={disabled}
      showSearch={searchable ? { optionFilterProp: 'label' } : undefined}
    />
  );
}

/** Supported country codes: the regions by their names in the page's language, searchable by name or code. */
export function CountryCodesSelect(props: FieldControlProps) {
  const { i18n } = useTranslation();
  const options = useMemo(() => {
    const names = new Intl.DisplayNames([i18n.language], { type: 'region', fallback: 'code' });
    return COUNTRY_CODES.map((code) => ({ value: code, label: `${names.of(code) ?? code} (${code})` }));
  }, [i18n.language]);
  return <MultiSelect {...props} options={options} />;
}

/** Languages, each by its name in its own language ("English", "中文"), so that anyone finds theirs. */
export function LanguagesSelect(props: FieldControlProps) {
  const options = useMemo(
    () =>
      LANGUAGES.map((code) => {
        const name = new Intl.DisplayNames([code], { type: 'language', fallback: 'code' }).of(code) ?? code;
        return { value: code, label: `${name} (${code})` };
      }),
    [],
  );
  return <MultiSelect {...props} options={options} />;
}

/** Password complexity options by what each asks of a password (the sign-up page's messages). */
export function PasswordOptionsSelect(props: FieldControlProps) {
  const { t } = useTranslation();
  const options = PASSWORD_OPTIONS.map((option) => ({ value: option, label: t(`signup.password${option}`) }));
  return <MultiSelect {...props} options={options} searchable={false} />;
}

import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { useDebouncedValue } from '../../shared/components/use-debounced-value';
import { getOrganizationNames } from '../../shared/data/account';
import { unwrap } from '../../shared/data/client';
import { useTranslation } from '../../shared/i18n/i18n';
import { Button } from '../../shared/plain/button';
import { Combobox } from '../../shared/plain/combobox';
import { Input } from '../../shared/plain/input';
import { asText, Field, Form, required, useForm } from '../components/form';
import { organizationSigninPath } from '../components/signin-model';
import { useLoad } from '../components/use-load';

/** How many organizations the picker lists; typing narrows them on the server. */
const NAMES_PAGE_SIZE = 20;

/**
 * The organization choice of the console's sign-in page (the application's organization choice
 * mode): pick an organization from a list searched on the server (Select) or type its name
 * (Input); either opens that organization's sign-in page. Loaded only when the page asks for it.
 */
export default function OrganizationChoice({ mode }: { mode: 'Select' | 'Input' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const choose = (organization: string) => {
    if (organization.trim()) void navigate(organizationSigninPath(organization));
  };
  const prompt = mode === 'Select' ? t('signin.selectOrganization') : t('signin.typeOrganization');
  return (
    <div className="login-organization-choice gh-col">
      <strong id="organization-choice-prompt">{prompt}</strong>
      {mode === 'Select' ? <OrganizationPicker onChoose={choose} /> : <OrganizationInput onChoose={choose} />}
    </div>
  );
}

function OrganizationPicker({ onChoose }: { onChoose: (organization: string) => void }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const typed = useDebouncedValue(search.trim());
  const names = useLoad(
    `organization-names:${typed}`,
    async () => unwrap(await getOrganizationNames(typed, NAMES_PAGE_SIZE)).data ?? [],
    { retries: 0 },
  );

  let empty: ReactNode = t('general.noData');
  if (names.isFetching) empty = t('general.loading');
  else if (names.error)
    empty = (
      <span className="gh-row">
        <span className="gh-danger">{names.error.message}</span>
        <Button size="small" onClick={names.refetch}>
          {t('general.retry')}
        </Button>
      </span>
    );

  return (
    <Combobox
      aria-labelledby="organization-choice-prompt"
      placeholder={t('signin.organization')}
      autoFocus
      options={(names.data ?? []).map((org) => ({
        value: org.name,
        label: org.displayName && org.displayName !== org.name ? `${org.displayName} (${org.name})` : org.name,
      }))}
      onSearch={setSearch}
      empty={empty}
      onChange={onChoose}
    />
  );
}

function OrganizationInput({ onChoose }: { onChoose: (organization: string) => void }) {
  const { t } = useTranslation();
  const form = useForm('organization-choice');
  return (
    <Form form={form} onFinish={(values) => onChoose(asText(values.organizationName))}>
      <Field
        name="organizationName"
        label={t('signin.organization')}
        rules={[required(t('signin.organizationRequired'))]}
        read={asText}
      >
        {(control) => <Input {...control} autoFocus autoComplete="organization" />}
      </Field>
      <Button variant="primary" htmlType="submit" block>
        {t('signin.confirm')}
      </Button>
    </Form>
  );
}

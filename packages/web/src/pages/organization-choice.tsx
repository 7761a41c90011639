import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Form, Input, Select, Spin, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { organizationSigninPath } from '../components/signin-model';
import { useDebouncedValue } from '../components/use-debounced-value';
import { getOrganizationNames } from '../data/account';
import { unwrap } from '../data/client';

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
    <Flex vertical gap={12} className="login-organization-choice">
      <Typography.Text id="organization-choice-prompt" strong>
        {prompt}
      </Typography.Text>
      {mode === 'Select' ? <OrganizationPicker onChoose={choose} /> : <OrganizationInput onChoose={choose} />}
    </Flex>
  );
}

function OrganizationPicker({ onChoose }: { onChoose: (organization: string) => void }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const typed = useDebouncedValue(search.trim());
  const names = useQuery({
    queryKey: ['organization-names', typed],
    queryFn: async () => unwrap(await getOrganizationNames(typed, NAMES_PAGE_SIZE)).data ?? [],
    staleTime: 30_000,
    retry: false,
  });

  let notFoundContent: ReactNode;
  if (names.isFetching) notFoundContent = <Spin size="small" />;
  else if (names.error)
    notFoundContent = (
      <Flex vertical align="flex-start" gap={4}>
        <Typography.Text type="danger">{names.error.message}</Typography.Text>
        <Button size="small" onClick={() => void names.refetch()}>
          {t('general.retry')}
        </Button>
      </Flex>
    );

  return (
    <Select
      aria-labelledby="organization-choice-prompt"
      placeholder={t('signin.organization')}
      style={{ width: '100%' }}
      autoFocus
      options={(names.data ?? []).map((org) => ({
        value: org.name,
        label: org.displayName && org.displayName !== org.name ? `${org.displayName} (${org.name})` : org.name,
      }))}
      showSearch={{ filterOption: false, onSearch: setSearch, searchValue: search }}
      loading={names.isFetching}
      notFoundContent={notFoundContent}
      onChange={(organization: string) => onChoose(organization)}
    />
  );
}

function OrganizationInput({ onChoose }: { onChoose: (organization: string) => void }) {
  const { t } = useTranslation();
  return (
    <Form<{ organizationName: string }>
      name="organization-choice"
      layout="vertical"
      requiredMark={false}
      onFinish={(values) => onChoose(values.organizationName)}
    >
      <Form.Item
        name="organizationName"
        label={t('signin.organization')}
        rules={[{ required: true, whitespace: true, message: t('signin.organizationRequired') }]}
      >
        <Input autoFocus autoComplete="organization" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block>
        {t('signin.confirm')}
      </Button>
    </Form>
  );
}

import { ADMIN_OWNER, provider as providerDef } from '@gatehouse/entities';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Flex, Select, Tag, Typography } from 'antd';
import { type Rec, unwrap } from '../../shared/data/client';
import { useTranslation } from '../../shared/i18n/i18n';
import type { CellEditorProps } from '../crud/list-editor';
import { searchByName, useServerSearch } from '../crud/ref-select';
import { getOne } from '../data/entities';
import { type ProviderChoice, providerChoices } from './application-rows';

/**
 * The provider of a row of the application's Providers table: a picker of the providers the
 * application's organization may use (its own and the shared ones of admin), searched on the
 * server by name, each shown with its category and type; under it, the chosen provider's category
 * and type, or a warning when no such provider exists (the server drops such rows on save).
 */

const choiceOf = (record: Rec): ProviderChoice => ({
  owner: String(record.owner ?? ''),
  name: String(record.name ?? ''),
  displayName: String(record.displayName ?? ''),
  category: String(record.category ?? ''),
  type: String(record.type ?? ''),
});

const providerKey = (organization: string, name: string) => ['application-provider', organization, name];

/**
 * The provider a row names, as the sign-in pages find it: the organization's own of that name,
 * else the shared one of admin; null when there is none.
 */
function useNamedProvider(organization: string, name: string) {
  return useQuery({
    queryKey: providerKey(organization, name),
    queryFn: async (): Promise<ProviderChoice | null> => {
      for (const owner of [...new Set([organization, ADMIN_OWNER])]) {
        const found = unwrap(await getOne(providerDef, owner, name)).data;
        if (found) return choiceOf(found);
      }
      return null;
    },
    enabled: organization !== '' && name.trim() !== '',
    staleTime: 60_000,
    retry: false,
  });
}

function ChoiceLabel({ choice }: { choice: ProviderChoice }) {
  const { t } = useTranslation();
  return (
    <Flex justify="space-between" align="center" gap={8}>
      <span>{choice.name}</span>
      <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
        {choice.category} · {choice.type}
        {choice.owner === ADMIN_OWNER && <Tag style={{ marginInlineStart: 6, marginInlineEnd: 0 }}>{t('general.shared')}</Tag>}
      </Typography.Text>
    </Flex>
  );
}

interface Props {
  cell: CellEditorProps;
  organization: string;
  /** The names the other rows use (a provider is listed once). */
  taken: readonly string[];
}

export function ProviderNameCell({ cell, organization, taken }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const name = typeof cell.value === 'string' ? cell.value : '';
  const named = useNamedProvider(organization, name);
  const { matches, selectProps } = useServerSearch(
    ['provider-picker', organization],
    async (typed) => (await searchByName(providerDef, organization, typed)).map(choiceOf),
    organization !== '',
  );
  const choices = providerChoices(matches, organization, taken);
  const options = choices.map((choice) => ({ value: choice.name, label: <ChoiceLabel choice={choice} />, title: choice.name }));
  // The current name stays readable when it is not among the matches shown.
  if (name && !options.some((option) => option.value === name)) options.unshift({ value: name, label: <>{name}</>, title: name });

  const pick = (next: string) => {
    const choice = choices.find((c) => c.name === next);
    // The picked provider is known now: its row shows it (and its captcha rule) without asking again.
    if (choice) queryClient.setQueryData(providerKey(organization, next), choice);
    cell.onChange(next ?? '');
  };

  const found = named.data;
  const missing = name.trim() !== '' && named.isSuccess && found === null;
  return (
    <Flex vertical gap={2} style={{ minWidth: 200 }}>
      <Select
        size="small"
        value={name || undefined}
        options={options}
        // The chosen provider's name; its kind shows under the select.
        labelRender={({ value }) => String(value ?? '')}
        onChange={pick}
        disabled={cell.disabled}
        aria-label={cell.label}
        placeholder={t('application.chooseProvider')}
        status={cell.invalid || missing ? 'error' : undefined}
        {...selectProps}
        popupMatchSelectWidth={false}
        style={{ width: '100%' }}
      />
      {found && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {found.category} · {found.type}
          {found.owner === ADMIN_OWNER ? ` · ${t('general.shared')}` : ''}
        </Typography.Text>
      )}
      {missing && (
        <Typography.Text type="danger" style={{ fontSize: 12 }}>
          {t('application.providerMissing', { name })}
        </Typography.Text>
      )}
    </Flex>
  );
}

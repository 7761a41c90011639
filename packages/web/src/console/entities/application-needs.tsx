import {
  type ApplicationProvider,
  defaultSigninMethods,
  defaultSignupItems,
  messagingDefaults,
  type ProviderNeed,
  type ProviderSummary,
  provider as providerDef,
  type SigninMethod,
  type SignupItem,
  unmetProviderNeeds,
} from '@gatehouse/entities';
import { useQuery } from '@tanstack/react-query';
import { Alert, Form } from 'antd';
import { type Rec, unwrap } from '../../shared/data/client';
import { useTranslation } from '../../shared/i18n/i18n';
import { parseJson } from '../crud/json-value';
import { getList } from '../data/entities';
import type { SectionExtraProps } from './ui-types';

/**
 * An application's items that send codes, against the providers that would send them
 * (entities/application-needs.ts): a new application starts with only what its organization's
 * providers can do, and the edit page warns the administrator of each item whose provider is
 * missing, where it is configured, in words that say what to add.
 */

const summaryOf = (record: Rec): ProviderSummary => ({
  name: String(record.name ?? ''),
  category: String(record.category ?? ''),
  type: String(record.type ?? ''),
});

/** The Email and SMS providers an application of the organization may list (its own and the shared ones). */
async function codeProviders(organization: string): Promise<ProviderSummary[]> {
  const pages = await Promise.all(
    ['Email', 'SMS'].map(
      async (category) =>
        unwrap(await getList(providerDef, { organization, page: 1, pageSize: 100, field: 'category', value: category })).data ??
        [],
    ),
  );
  return pages.flat().map(summaryOf);
}

/** The list's Add of an application: its providers, sign-in methods and sign-up items as its organization's providers allow. */
export async function prepareNewApplication(record: Rec): Promise<Rec> {
  const organization = String(record.organization ?? '');
  if (organization === '') return record;
  return { ...record, ...messagingDefaults(await codeProviders(organization)) };
}

const NEED_TEXT: Record<ProviderNeed['item'], string> = {
  signinCode: 'application.needsProvider.signinCode',
  signupEmail: 'application.needsProvider.signupEmail',
  signupPhone: 'application.needsProvider.signupPhone',
};

/** The unmet needs of the application as the form holds it now. */
function useUnmetNeeds(stored: Rec): ProviderNeed[] | null {
  const form = Form.useFormInstance();
  const options = { form, preserve: true };
  const organization = Form.useWatch('organization', options) ?? stored.organization;
  const enableSignUp = Form.useWatch('enableSignUp', options) ?? stored.enableSignUp;
  const signinMethods = Form.useWatch('signinMethods', options) ?? stored.signinMethods;
  const signupItems = Form.useWatch('signupItems', options) ?? stored.signupItems;
  const rows = Form.useWatch('providers', options) ?? stored.providers;
  const app = {
    enableSignUp: enableSignUp !== false,
    signinMethods: parseJson<SigninMethod[]>(signinMethods, defaultSigninMethods),
    signupItems: parseJson<SignupItem[]>(signupItems, defaultSignupItems),
    providers: parseJson<ApplicationProvider[]>(rows, () => []),
  };
  const providers = useQuery({
    queryKey: ['application-code-providers', String(organization ?? '')],
    queryFn: () => codeProviders(String(organization ?? '')),
    enabled: typeof organization === 'string' && organization !== '',
    staleTime: 60_000,
  });
  if (!providers.data) return null;
  return unmetProviderNeeds(app, providers.data);
}

/** The warning of the items of these kinds whose provider is missing; nothing when every one has it. */
function MissingProviders({ stored, items }: SectionExtraProps & { items: readonly ProviderNeed['item'][] }) {
  const { t } = useTranslation();
  const unmet = useUnmetNeeds(stored)?.filter((need) => items.includes(need.item)) ?? [];
  if (unmet.length === 0) return null;
  return (
    <Alert
      type="warning"
      showIcon
      role="alert"
      style={{ marginBottom: 24 }}
      title={t('application.needsProvider.title')}
      description={
        <ul style={{ margin: 0, paddingInlineStart: 20 }}>
          {unmet.map((need) => (
            <li key={need.item}>{t(NEED_TEXT[need.item])}</li>
          ))}
        </ul>
      }
    />
  );
}

export const SigninCodeProviders = (props: SectionExtraProps) => <MissingProviders {...props} items={['signinCode']} />;
export const SignupCodeProviders = (props: SectionExtraProps) => (
  <MissingProviders {...props} items={['signupEmail', 'signupPhone']} />
);
export const AllCodeProviders = (props: SectionExtraProps) => (
  <MissingProviders {...props} items={['signinCode', 'signupEmail', 'signupPhone']} />
);

import { agreementMode, signupChoices } from '@gatehouse/entities/plain';
import { Alert, Button, Flex, Form, type FormRule, Input, Select, Space } from 'antd';
import { Fragment, type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminHtml } from '../components/admin-html';
import { AgreementItem } from '../components/agreement-item';
import { AppLink } from '../components/app-link';
import { busyLoading } from '../components/busy';
import { ProviderButtons } from '../components/provider-buttons';
import { SendCodeInput } from '../components/send-code-input';
import type { ProviderSigninRequest } from '../data/signin-flows';
import {
  fieldViolation,
  providersRule,
  type SignupApplication,
  type SignupField,
  type SignupFormValues,
  type SignupMessage,
  signupFields,
} from './signup-model';

interface Props {
  app: SignupApplication;
  /** The application's terms of use (an HTML page), shown in a dialog from the agreement. */
  termsOfUse: string;
  /** The code of an invitation link (?invitationCode=), filled into the Invitation code input. */
  invitationCode: string;
  /** Where "sign in now" goes. */
  signinLink: string;
  /** The sign-in request the identity providers' buttons carry (signing up through a provider continues it). */
  providerSignin: ProviderSigninRequest;
  busy: boolean;
  /** The server's refusal, shown as it came. */
  error: string | null;
  onSubmit: (values: SignupFormValues, fields: SignupField[]) => void;
}

/** The translation key of the label of each built-in input (custom items are labelled by their item). */
const LABEL_KEYS: Partial<Record<SignupField['kind'], string>> = {
  username: 'signup.username',
  displayName: 'signup.displayName',
  firstName: 'signup.firstName',
  lastName: 'signup.lastName',
  password: 'signup.password',
  confirm: 'signup.confirm',
  email: 'signup.email',
  emailCode: 'signup.emailCode',
  phone: 'signup.phone',
  phoneCode: 'signup.phoneCode',
  emailOrPhone: 'signup.emailOrPhone',
  invitationCode: 'signup.invitationCode',
};

const FORM_NAME = 'signup';
/** The id antd gives the input of a form value (labels point at it). */
const inputId = (name: string) => `${FORM_NAME}_${name}`;

function regionNames(language: string): Intl.DisplayNames | null {
  try {
    return new Intl.DisplayNames([language], { type: 'region' });
  } catch {
    return null;
  }
}

/**
 * The sign-up form of an application: one input per visible sign-up item, in the items' order,
 * each checked as the server will check it (the server checks everything again), the agreement
 * with its terms of use in a dialog, the Sign Up button and the way back to the sign-in page.
 */
export function SignupForm({ app, termsOfUse, invitationCode, signinLink, providerSignin, busy, error, onSubmit }: Props) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<SignupFormValues>();
  const fields = useMemo(() => {
    const all = signupFields(app.signupItems);
    // Without a visible Signup button item the form could not be sent: the button is always there.
    if (!all.some((f) => f.kind === 'button'))
      all.push({ kind: 'button', row: { name: 'Signup button' }, name: '', required: false });
    return all;
  }, [app.signupItems]);
  // Region names follow the console's language.
  const regions = useMemo(() => regionNames(i18n.language), [i18n.language]);

  const labelOf = (field: SignupField): string => {
    if (field.kind === 'custom' || field.row.label?.trim()) return field.row.label?.trim() || field.row.name;
    if (field.kind === 'displayName' && field.row.rule === 'Real name') return t('signup.realName');
    const key = LABEL_KEYS[field.kind];
    return key ? t(key) : field.row.name;
  };
  const message = (m: SignupMessage) => t(`signup.${m.key}`, m.params ?? {});
  /** The rule of an input: the model's check over all the form's values. */
  const check =
    (field: SignupField, part?: 'firstName' | 'lastName'): FormRule =>
    (instance) => ({
      validator: () => {
        const violation = fieldViolation(app, field, instance.getFieldsValue(true), labelOf(field), part);
        return violation ? Promise.reject(new Error(message(violation))) : Promise.resolve();
      },
    });

  const countryCodeSelect = (
    <Form.Item name="countryCode" noStyle>
      <Select
        aria-label={t('signup.countryCode')}
        style={{ width: 96, flexShrink: 0 }}
        popupMatchSelectWidth={false}
        options={app.countryCodes.map((code) => ({ value: code, label: code, title: regions?.of(code) ?? code }))}
        optionRender={(option) => `${option.value} ${regions?.of(String(option.value)) ?? ''}`.trim()}
      />
    </Form.Item>
  );
  const phoneInput = (field: SignupField, autoFocus: boolean) => (
    <Form.Item label={labelOf(field)} htmlFor={inputId(field.name)} required={field.required}>
      <Space.Compact style={{ width: '100%' }}>
        {app.countryCodes.length > 0 && countryCodeSelect}
        <Form.Item name={field.name} noStyle rules={[check(field)]} dependencies={['countryCode']}>
          <Input
            id={inputId(field.name)}
            placeholder={field.row.placeholder}
            autoComplete={field.kind === 'phone' ? 'tel-national' : 'username'}
            inputMode={field.kind === 'phone' ? 'tel' : undefined}
            autoFocus={autoFocus}
          />
        </Form.Item>
      </Space.Compact>
    </Form.Item>
  );

  const render = (field: SignupField, autoFocus: boolean) => {
    const label = labelOf(field);
    const placeholder = field.row.placeholder || undefined;
    const item = (input: ReactNode, extra: { dependencies?: string[] } = {}) => (
      <Form.Item label={label} name={field.name} required={field.required} rules={[check(field)]} {...extra}>
        {input}
      </Form.Item>
    );
    switch (field.kind) {
      case 'username':
        return item(<Input placeholder={placeholder} autoComplete="username" autoFocus={autoFocus} />);
      case 'displayName':
      case 'firstName':
      case 'lastName':
        return item(<Input placeholder={placeholder} autoComplete={autoCompleteOf(field.kind)} autoFocus={autoFocus} />);
      case 'firstLast':
        return (
          <>
            <Form.Item
              label={t('signup.firstName')}
              name="firstName"
              required={field.required}
              rules={[check(field, 'firstName')]}
              dependencies={['lastName']}
            >
              <Input placeholder={placeholder} autoComplete="given-name" autoFocus={autoFocus} />
            </Form.Item>
            <Form.Item
              label={t('signup.lastName')}
              name="lastName"
              required={field.required}
              rules={[check(field, 'lastName')]}
              dependencies={['firstName']}
            >
              <Input placeholder={placeholder} autoComplete="family-name" />
            </Form.Item>
          </>
        );
      case 'password':
        return item(<Input.Password placeholder={placeholder} autoComplete="new-password" autoFocus={autoFocus} />);
      case 'confirm':
        return item(<Input.Password placeholder={placeholder} autoComplete="new-password" autoFocus={autoFocus} />, {
          dependencies: ['password'],
        });
      case 'email':
        // Not type="email": the browser's own check would stop the form before the page's messages.
        return item(<Input placeholder={placeholder} inputMode="email" autoComplete="email" autoFocus={autoFocus} />);
      case 'phone':
      case 'emailOrPhone':
        return phoneInput(field, autoFocus);
      case 'emailCode':
      case 'phoneCode': {
        const address = field.kind === 'emailCode' ? 'email' : 'phone';
        return (
          <Form.Item label={label} name={field.name} required={field.required} rules={[check(field)]} dependencies={[address]}>
            <SendCodeInput
              app={{ name: app.name, providers: app.providers }}
              method="signup"
              placeholder={placeholder}
              target={async () => {
                await form.validateFields([address]);
                const dest = String(form.getFieldValue(address) ?? '').trim();
                if (!dest) {
                  form.setFields([
                    { name: address, errors: [t(address === 'email' ? 'signup.emailEmpty' : 'signup.phoneEmpty')] },
                  ]);
                  return null;
                }
                return { dest, type: address, countryCode: String(form.getFieldValue('countryCode') ?? '') };
              }}
            />
          </Form.Item>
        );
      }
      case 'invitationCode':
        return item(<Input placeholder={placeholder} autoComplete="off" autoFocus={autoFocus} />);
      case 'custom': {
        if (field.row.type === 'Single Choice' || field.row.type === 'Multiple Choices') {
          const options = signupChoices(field.row, app.tags).map((value) => ({ value, label: value }));
          return item(
            <Select
              mode={field.row.type === 'Multiple Choices' ? 'multiple' : undefined}
              options={options}
              placeholder={placeholder}
              allowClear={!field.required}
              autoFocus={autoFocus}
            />,
          );
        }
        if (field.row.name === 'Bio') return item(<Input.TextArea placeholder={placeholder} autoSize={{ minRows: 2 }} />);
        return item(<Input placeholder={placeholder} autoFocus={autoFocus} />);
      }
      case 'agreement':
        return <AgreementItem termsOfUse={termsOfUse} rule={check(field)} />;
      case 'text':
        return <AdminHtml style={{ marginBottom: 16 }} html={field.row.label ?? ''} />;
      case 'button':
        return (
          <>
            <Button type="primary" htmlType="submit" block loading={busyLoading(busy)}>
              {t('signup.signUp')}
            </Button>
            {error && <Alert type="error" showIcon title={error} role="alert" style={{ marginTop: 16 }} />}
            <Flex justify="center" gap={4} wrap style={{ marginTop: 16 }}>
              <span>{t('signup.haveAccount')}</span>
              <AppLink to={signinLink}>{t('signup.signInNow')}</AppLink>
            </Flex>
          </>
        );
      case 'providers':
        return (
          <ProviderButtons
            app={{ providers: app.providers }}
            rule={providersRule(field.row)}
            request={providerSignin}
            purpose="signup"
          />
        );
    }
  };

  const firstInput = fields.findIndex((f) => !['text', 'button', 'agreement', 'providers'].includes(f.kind));

  return (
    <Form<SignupFormValues>
      form={form}
      name={FORM_NAME}
      layout="vertical"
      scrollToFirstError
      initialValues={{
        countryCode: app.countryCodes[0],
        agreement: agreementMode(app.signupItems) === 'checked',
        invitationCode: invitationCode || undefined,
      }}
      onFinish={(values) => onSubmit({ ...form.getFieldsValue(true), ...values }, fields)}
    >
      {fields.map((field, index) => (
        <Fragment key={`${field.row.name}/${field.kind}`}>{render(field, index === firstInput)}</Fragment>
      ))}
    </Form>
  );
}

function autoCompleteOf(kind: SignupField['kind']): string {
  if (kind === 'firstName') return 'given-name';
  if (kind === 'lastName') return 'family-name';
  return 'name';
}

import { agreementMode, signupChoices } from '@gatehouse/entities/plain';
import { Fragment, type ReactNode, useMemo } from 'react';
import { AppLink } from '../../shared/components/app-link';
import { busyLoading } from '../../shared/components/busy';
import { SendCodeInput } from '../../shared/components/send-code-input';
import type { ProviderSigninRequest } from '../../shared/data/signin-flows';
import { useTranslation } from '../../shared/i18n/i18n';
import { Button } from '../../shared/plain/button';
import { Combobox } from '../../shared/plain/combobox';
import { Alert } from '../../shared/plain/feedback';
import { CheckboxGroup, Input, NativeSelect, PasswordInput, TextArea } from '../../shared/plain/input';
import { AdminHtml } from '../components/admin-html';
import { AgreementItem } from '../components/agreement-item';
import { asList, asText, Field, type FieldControl, Form, Item, type Rule, useForm } from '../components/form';
import { LazyProviderButtons } from '../components/lazy-provider-buttons';
import {
  fieldViolation,
  providersRule,
  type SignupApplication,
  type SignupField,
  type SignupFormValues,
  type SignupMessage,
  signupFields,
  signupFormValuesOf,
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
  const form = useForm('signup', {
    countryCode: app.countryCodes[0],
    agreement: agreementMode(app.signupItems) === 'checked',
    ...(invitationCode ? { invitationCode } : {}),
  });
  const fields = useMemo(() => {
    const all = signupFields(app.signupItems);
    // Without a visible Signup button item the form could not be sent: the button is always there.
    if (!all.some((f) => f.kind === 'button'))
      all.push({ kind: 'button', row: { name: 'Signup button' }, name: '', required: false });
    return all;
  }, [app.signupItems]);
  // Region names follow the page's language.
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
    (field: SignupField, part?: 'firstName' | 'lastName'): Rule =>
    (_, values) => {
      const violation = fieldViolation(app, field, signupFormValuesOf(values), labelOf(field), part);
      return violation ? message(violation) : null;
    };

  const countryCode = (
    <Field name="countryCode" bare read={asText}>
      {(control) => (
        <Combobox
          {...control}
          aria-label={t('signup.countryCode')}
          className="signup-country-code"
          options={app.countryCodes.map((code) => ({ value: code, label: `${code} ${regions?.of(code) ?? ''}`.trim() }))}
          // The closed box shows the chosen code; the list names the regions.
          shown={(code) => code}
        />
      )}
    </Field>
  );
  const phoneInput = (field: SignupField, autoFocus: boolean) => (
    <Item label={labelOf(field)} htmlFor={form.idOf(field.name)} required={field.required}>
      <div className="gh-compact">
        {app.countryCodes.length > 0 && <div style={{ width: 96, flexShrink: 0 }}>{countryCode}</div>}
        <div style={{ flex: 1, minWidth: 0 }}>
          <Field name={field.name} bare rules={[check(field)]} dependencies={['countryCode']} read={asText}>
            {(control) => (
              <Input
                {...control}
                placeholder={field.row.placeholder}
                autoComplete={field.kind === 'phone' ? 'tel-national' : 'username'}
                inputMode={field.kind === 'phone' ? 'tel' : undefined}
                autoFocus={autoFocus}
              />
            )}
          </Field>
        </div>
      </div>
    </Item>
  );

  const render = (field: SignupField, autoFocus: boolean): ReactNode => {
    const label = labelOf(field);
    const placeholder = field.row.placeholder || undefined;
    const text = (input: (control: FieldControl<string>) => ReactNode, dependencies?: string[]) => (
      <Field
        label={label}
        name={field.name}
        required={field.required}
        rules={[check(field)]}
        dependencies={dependencies}
        read={asText}
      >
        {input}
      </Field>
    );
    switch (field.kind) {
      case 'username':
        return text((c) => <Input {...c} placeholder={placeholder} autoComplete="username" autoFocus={autoFocus} />);
      case 'displayName':
      case 'firstName':
      case 'lastName':
        return text((c) => (
          <Input {...c} placeholder={placeholder} autoComplete={autoCompleteOf(field.kind)} autoFocus={autoFocus} />
        ));
      case 'firstLast':
        return (
          <>
            <Field
              label={t('signup.firstName')}
              name="firstName"
              required={field.required}
              rules={[check(field, 'firstName')]}
              dependencies={['lastName']}
              read={asText}
            >
              {(c) => <Input {...c} placeholder={placeholder} autoComplete="given-name" autoFocus={autoFocus} />}
            </Field>
            <Field
              label={t('signup.lastName')}
              name="lastName"
              required={field.required}
              rules={[check(field, 'lastName')]}
              dependencies={['firstName']}
              read={asText}
            >
              {(c) => <Input {...c} placeholder={placeholder} autoComplete="family-name" />}
            </Field>
          </>
        );
      case 'password':
        return text((c) => <PasswordInput {...c} placeholder={placeholder} autoComplete="new-password" autoFocus={autoFocus} />);
      case 'confirm':
        return text(
          (c) => <PasswordInput {...c} placeholder={placeholder} autoComplete="new-password" autoFocus={autoFocus} />,
          ['password'],
        );
      case 'email':
        // Not type="email": the browser's own check would stop the form before the page's messages.
        return text((c) => (
          <Input {...c} placeholder={placeholder} inputMode="email" autoComplete="email" autoFocus={autoFocus} />
        ));
      case 'phone':
      case 'emailOrPhone':
        return phoneInput(field, autoFocus);
      case 'emailCode':
      case 'phoneCode': {
        const address = field.kind === 'emailCode' ? 'email' : 'phone';
        return text(
          (c) => (
            <SendCodeInput
              {...c}
              app={{ name: app.name, providers: app.providers }}
              method="signup"
              placeholder={placeholder}
              target={async () => {
                await form.validateFields([address]);
                const dest = asText(form.getFieldValue(address)).trim();
                if (!dest) {
                  form.setError(address, t(address === 'email' ? 'signup.emailEmpty' : 'signup.phoneEmpty'));
                  return null;
                }
                return { dest, type: address, countryCode: asText(form.getFieldValue('countryCode')) };
              }}
            />
          ),
          [address],
        );
      }
      case 'invitationCode':
        return text((c) => <Input {...c} placeholder={placeholder} autoComplete="off" autoFocus={autoFocus} />);
      case 'custom': {
        if (field.row.type === 'Single Choice' || field.row.type === 'Multiple Choices') {
          const options = signupChoices(field.row, app.tags).map((value) => ({ value, label: value }));
          if (field.row.type === 'Multiple Choices')
            return (
              <Field label={label} name={field.name} required={field.required} rules={[check(field)]} read={asList}>
                {(c) => <CheckboxGroup {...c} options={options} label={label} />}
              </Field>
            );
          return text((c) => <NativeSelect {...c} options={options} placeholder={placeholder ?? ''} autoFocus={autoFocus} />);
        }
        if (field.row.name === 'Bio') return text((c) => <TextArea {...c} placeholder={placeholder} />);
        return text((c) => <Input {...c} placeholder={placeholder} autoFocus={autoFocus} />);
      }
      case 'agreement':
        return <AgreementItem termsOfUse={termsOfUse} rule={check(field)} />;
      case 'text':
        return <AdminHtml style={{ marginBottom: 16 }} html={field.row.label ?? ''} />;
      case 'button':
        return (
          <>
            <Button variant="primary" htmlType="submit" block loading={busyLoading(busy)}>
              {t('signup.signUp')}
            </Button>
            {error && <Alert type="error" title={error} style={{ marginTop: 16 }} />}
            <div className="gh-row gh-center" style={{ gap: 4, marginTop: 16 }}>
              <span>{t('signup.haveAccount')}</span>
              <AppLink to={signinLink}>{t('signup.signInNow')}</AppLink>
            </div>
          </>
        );
      case 'providers':
        return (
          <LazyProviderButtons
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
    <Form form={form} onFinish={(values) => onSubmit(signupFormValuesOf(values), fields)}>
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

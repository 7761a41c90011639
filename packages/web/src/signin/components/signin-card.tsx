import ArrowLeftOutlined from '@ant-design/icons-svg/es/asn/ArrowLeftOutlined';
import LockOutlined from '@ant-design/icons-svg/es/asn/LockOutlined';
import UserOutlined from '@ant-design/icons-svg/es/asn/UserOutlined';
import { LDAP_SIGNIN_METHOD } from '@gatehouse/entities/plain';
import { Fragment, type ReactNode, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { AppLink } from '../../shared/components/app-link';
import { busyLoading } from '../../shared/components/busy';
import { asCaptcha } from '../../shared/components/captcha-rule';
import { SendCodeInput } from '../../shared/components/send-code-input';
import type { ProviderSigninRequest } from '../../shared/data/signin-flows';
import { useTranslation } from '../../shared/i18n/i18n';
import { Button } from '../../shared/plain/button';
import { Alert, Skeleton } from '../../shared/plain/feedback';
import { Icon } from '../../shared/plain/icon';
import { Checkbox, Input, PasswordInput } from '../../shared/plain/input';
import { AdminHtml } from './admin-html';
import { AgreementItem } from './agreement-item';
import { ApplicationFrame } from './application-frame';
import { asBool, asText, Field, Form, required, useForm, type Values } from './form';
import { LazyProviderButtons } from './lazy-provider-buttons';
import { ObfuscatorSettingsError, obfuscatedPassword } from './password-obfuscation';
import { type SigninSubmission, useSigninCaptcha } from './signin-captcha';
import { SigninLanguages } from './signin-languages';
import { CODE_METHOD, codeTargetOf, METHOD_LABELS, PASSKEY_METHOD, type SigninPart, signinLayout } from './signin-model';

/**
 * What a sign-in sends: the credentials and, when the application asked for one, the solved captcha;
 * with the Verification code method the username is the address the code went to and `code` the
 * code (no password); with WebAuthn the passkey answers (the username, if any, says whose).
 */
export type SigninValues = SigninSubmission & { signinMethod?: string; code?: string };

/** The translation keys of the username input when signing in with a code (by the method's rule). */
const CODE_TARGET_LABELS = {
  email: ['signin.email', 'signin.emailRequired'],
  phone: ['signin.phone', 'signin.phoneRequired'],
  emailOrPhone: ['signin.emailOrPhone', 'signin.emailOrPhoneRequired'],
} as const;

interface Props {
  /** The application's display name (a skeleton while it loads). */
  title?: string;
  logo?: string;
  loading?: boolean;
  busy: boolean;
  error: string | null;
  onSubmit: (values: SigninValues) => void;
  /** Shown above the form (e.g. the device code being approved). */
  before?: ReactNode;
  /** Replaces the form (e.g. "continue as ...", the organization choice). */
  children?: ReactNode;
  /** The application record: its sign-in items and methods, form offset, background, side panel, CSS and theme. */
  app?: Record<string, unknown> | null;
  /** Where "sign up now" goes (no link without it). */
  signupLink?: string | null;
  /** Whether signing in keeps a console session ("Auto sign in" keeps it longer); default true. */
  keepsSession?: boolean;
  /** The page was opened from the organization choice (a Back button returns to it). */
  fromOrganizationChoice?: boolean;
  /** The sign-in request the identity providers' buttons carry (no buttons without it). */
  providerSignin?: ProviderSigninRequest | null;
  /** The organization signed in to, when it is not the application's (the captcha status asks for it). */
  organization?: string;
}

/**
 * The sign-in card shared by the console sign-in, the protocol sign-in pages and the device page:
 * the application's sign-in items in their order (signin-model.ts), in the application's frame.
 */
export function SigninCard({
  title,
  logo,
  loading,
  busy,
  error,
  onSubmit,
  before,
  children,
  app,
  signupLink = null,
  keepsSession = true,
  fromOrganizationChoice = false,
  providerSignin = null,
  organization,
}: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const layout = useMemo(
    () => signinLayout(app, { keepsSession, fromOrganizationChoice, signupLink }),
    [app, keepsSession, fromOrganizationChoice, signupLink],
  );
  const form = useForm('login');
  const termsOfUse = typeof app?.termsOfUse === 'string' ? app.termsOfUse : '';
  // The password leaves encrypted when the application's organization obfuscates passwords.
  const [obfuscationError, setObfuscationError] = useState<string | null>(null);
  const submitObfuscated = (values: SigninSubmission) => {
    setObfuscationError(null);
    obfuscatedPassword(app?.organizationObj as Record<string, unknown> | null | undefined, values.password).then(
      (password) => onSubmit({ ...values, password }),
      (failure: unknown) =>
        setObfuscationError(
          failure instanceof ObfuscatorSettingsError
            ? t(`signin.obfuscator.${failure.problem.key}`, failure.problem.params)
            : String(failure),
        ),
    );
  };
  const captcha = useSigninCaptcha({
    app,
    organization,
    inline: layout.parts.some((part) => part.kind === 'captcha'),
    error,
    onSubmit: submitObfuscated,
  });
  // The chosen sign-in method (the first offered until the visitor picks another).
  const [chosenMethod, setMethod] = useState<string | null>(null);
  const method = layout.methods.some((m) => m.name === chosenMethod) ? chosenMethod : (layout.methods[0]?.name ?? 'Password');
  const byCode = method === CODE_METHOD;
  const byPasskey = method === PASSKEY_METHOD;
  const [targetLabel, targetRequired] = CODE_TARGET_LABELS[codeTargetOf(layout.methods)];
  const firstInput = layout.parts.find((part) => part.kind === 'username' || part.kind === 'password')?.kind;
  const shownError = obfuscationError ?? error;
  const errorAlert = shownError && <Alert type="error" title={shownError} style={{ marginTop: 16 }} />;

  const autoSigninBox = (
    <Field name="autoSignin" bare read={asBool}>
      {(control) => <Checkbox {...control}>{t('general.autoSignIn')}</Checkbox>}
    </Field>
  );

  const render = (part: SigninPart): ReactNode => {
    switch (part.kind) {
      case 'backButton':
        return (
          <div className="back-button">
            <Button
              className="back-inner-button"
              variant="text"
              icon={<Icon icon={ArrowLeftOutlined} />}
              aria-label={t('signin.back')}
              title={t('signin.back')}
              onClick={() => void navigate(-1)}
            />
          </div>
        );
      case 'logo':
        return (
          <div className="login-logo gh-row gh-center" style={{ marginBottom: 24 }}>
            {/* Beside the application's name (the page's heading), the logo adds nothing to read. */}
            <img className="panel-logo" src={part.src || logo || '/logo.svg'} alt="" height={56} style={{ maxWidth: '100%' }} />
          </div>
        );
      case 'languages':
        return <SigninLanguages languages={part.languages} labelled={part.labelled} />;
      case 'methods':
        // Tabs as Casdoor shows them (buttons, not radio labels: nothing else on the card is labelled "Password").
        return (
          <div className="login-methods gh-row gh-center" role="tablist" style={{ marginBottom: 16 }}>
            {layout.methods.map((m) => {
              const selected = m.name === method;
              return (
                <Button
                  key={m.name}
                  role="tab"
                  aria-selected={selected}
                  variant={selected ? 'link' : 'text'}
                  onClick={() => setMethod(m.name)}
                  style={selected ? { fontWeight: 600, borderBottom: '2px solid currentColor', borderRadius: 0 } : undefined}
                >
                  {/* The built-in methods in the page's language, unless the application renamed them. */}
                  {m.displayName && m.displayName !== m.name ? m.displayName : t(METHOD_LABELS[m.name] ?? 'signin.byPassword')}
                </Button>
              );
            })}
          </div>
        );
      case 'username':
        return (
          <Field
            className="login-username"
            label={byCode ? t(targetLabel) : part.label || t('general.username')}
            name="username"
            // A passkey needs no username: without one, the authenticator offers the passkeys of this site.
            rules={byPasskey ? [] : [required(t(byCode ? targetRequired : 'general.usernameRequired'))]}
            extra={byPasskey ? t('signin.passkeyUsernameHint') : undefined}
            read={asText}
          >
            {(control) => (
              <Input
                {...control}
                className="login-username-input"
                prefix={<Icon icon={UserOutlined} />}
                placeholder={part.placeholder || undefined}
                autoComplete="username"
                autoFocus={firstInput === 'username'}
              />
            )}
          </Field>
        );
      case 'password':
        if (byPasskey) return null;
        if (byCode)
          return (
            <Field className="login-code" label={t('code.label')} name="code" rules={[required(t('code.empty'))]} read={asText}>
              {(control) => (
                <SendCodeInput
                  {...control}
                  app={app}
                  method="login"
                  target={async () => {
                    await form.validateFields(['username']);
                    const dest = asText(form.getFieldValue('username')).trim();
                    return { dest, type: dest.includes('@') ? 'email' : 'phone' };
                  }}
                />
              )}
            </Field>
          );
        return (
          <Field
            className="login-password"
            label={part.label || t('general.password')}
            name="password"
            rules={[required(t('general.passwordRequired'))]}
            read={asText}
          >
            {(control) => (
              <PasswordInput
                {...control}
                className="login-password-input"
                prefix={<Icon icon={LockOutlined} />}
                placeholder={part.placeholder || undefined}
                autoComplete="current-password"
                autoFocus={firstInput === 'password'}
              />
            )}
          </Field>
        );
      case 'agreement':
        return (
          <AgreementItem
            className="login-agreement"
            termsOfUse={termsOfUse}
            rule={(value) => (value === true ? null : t('signup.agreementRequired'))}
          />
        );
      case 'forgotPassword':
        return (
          <div className="login-forget-password gh-row gh-between" style={{ marginBottom: 24 }}>
            {part.autoSignin ? autoSigninBox : <span />}
            {part.link && <AppLink to={part.link.to}>{part.link.label || t('signin.forgotPassword')}</AppLink>}
          </div>
        );
      case 'autoSignin':
        return <div className="gh-item">{autoSigninBox}</div>;
      case 'captcha':
        // A code sign-in answered the captcha when the code was sent; a passkey needs none.
        return byCode || byPasskey ? null : captcha.field;
      case 'loginButton':
        return (
          <div className="login-button-box">
            <Button className="login-button" variant="primary" htmlType="submit" block loading={busyLoading(busy)}>
              {byPasskey ? t('signin.withWebAuthn') : part.label || t('general.signIn')}
            </Button>
            {errorAlert}
          </div>
        );
      case 'providers':
        return providerSignin && <LazyProviderButtons app={app} rule={part.rule} request={providerSignin} />;
      case 'signupLink':
        return (
          <div className="login-signup-link gh-row gh-center" style={{ gap: 4, marginTop: 16 }}>
            {part.label ? (
              <AppLink to={part.to}>{part.label}</AppLink>
            ) : (
              <>
                <span>{t('signup.noAccount')}</span>
                <AppLink to={part.to}>{t('signup.signUpNow')}</AppLink>
              </>
            )}
          </div>
        );
      case 'html':
        return <AdminHtml className="login-custom-item" style={{ marginBottom: 16 }} html={part.html} />;
    }
  };

  const hasButton = layout.parts.some((part) => part.kind === 'loginButton');
  const hasAutoSignin = layout.parts.some(
    (part) => part.kind === 'autoSignin' || (part.kind === 'forgotPassword' && part.autoSignin),
  );
  const partsOf = (list: SigninPart[]) =>
    list.map((part, index) => (
      <Fragment key={part.kind === 'html' ? `html-${part.key}` : `${part.kind}-${index}`}>{render(part)}</Fragment>
    ));
  let content: ReactNode;
  if (children)
    content = (
      <>
        {/* What replaces the form keeps the items' logo and language menu, in their order, above it. */}
        {partsOf(layout.parts.filter((part) => part.kind === 'logo' || part.kind === 'languages'))}
        {children}
        {errorAlert}
      </>
    );
  else if (loading) content = <Skeleton rows={4} />;
  else {
    form.initialize({ autoSignin: layout.autoSigninDefault, agreement: layout.agreement === 'checked' });
    content = (
      <>
        {layout.notice && (
          <Alert type="warning" role="status" title={t(`signin.${layout.notice}`)} style={{ marginBottom: 16 }} />
        )}
        <Form
          form={form}
          // Without the box nobody asked to stay signed in: the session lasts a day at most.
          onFinish={(values: Values) => {
            const autoSignin = hasAutoSignin && values.autoSignin === true;
            const username = asText(values.username);
            if (byPasskey) onSubmit({ username: username.trim(), password: '', signinMethod: PASSKEY_METHOD, autoSignin });
            else if (byCode)
              onSubmit({
                username: username.trim(),
                password: '',
                code: asText(values.code),
                signinMethod: CODE_METHOD,
                autoSignin,
              });
            else
              void captcha.submit({
                username,
                password: asText(values.password),
                autoSignin,
                captcha: asCaptcha(values.captcha),
                // The LDAP method: the directory's password.
                ...(method === LDAP_SIGNIN_METHOD ? { signinMethod: LDAP_SIGNIN_METHOD } : {}),
              });
          }}
        >
          {partsOf(layout.parts)}
        </Form>
        {!hasButton && errorAlert}
        {captcha.modal}
      </>
    );
  }

  return (
    <ApplicationFrame
      app={app}
      title={title}
      logo={logo}
      loading={loading}
      showLogo={layout.showLogo}
      languages={layout.languages}
      css={layout.css}
    >
      {before}
      {content}
    </ApplicationFrame>
  );
}

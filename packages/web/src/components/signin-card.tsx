import { ArrowLeftOutlined, LockOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Checkbox, Flex, Form, Input, Skeleton, Typography } from 'antd';
import DOMPurify from 'dompurify';
import { Fragment, type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AgreementItem } from './agreement-item';
import { AppLink } from './app-link';
import { ApplicationFrame } from './application-frame';
import { busyLoading } from './busy';
import { SigninLanguages } from './signin-languages';
import { type SigninPart, signinLayout } from './signin-model';

export interface SigninValues {
  username: string;
  password: string;
  autoSignin: boolean;
}

interface FormValues extends SigninValues {
  agreement?: boolean;
}

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
}: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<FormValues>();
  const layout = useMemo(
    () => signinLayout(app, { keepsSession, fromOrganizationChoice, signupLink }),
    [app, keepsSession, fromOrganizationChoice, signupLink],
  );
  const termsOfUse = typeof app?.termsOfUse === 'string' ? app.termsOfUse : '';
  const firstInput = layout.parts.find((part) => part.kind === 'username' || part.kind === 'password')?.kind;
  const errorAlert = error && <Alert type="error" showIcon title={error} role="alert" style={{ marginTop: 16 }} />;

  const autoSigninBox = (
    <Form.Item name="autoSignin" valuePropName="checked" noStyle>
      <Checkbox>{t('general.autoSignIn')}</Checkbox>
    </Form.Item>
  );

  const render = (part: SigninPart): ReactNode => {
    switch (part.kind) {
      case 'backButton':
        return (
          <div className="back-button">
            <Button
              className="back-inner-button"
              type="text"
              icon={<ArrowLeftOutlined aria-hidden />}
              aria-label={t('signin.back')}
              title={t('signin.back')}
              onClick={() => void navigate(-1)}
            />
          </div>
        );
      case 'logo':
        return (
          <Flex className="login-logo" justify="center" style={{ marginBottom: 24 }}>
            {/* Beside the application's name (the page's heading), the logo adds nothing to read. */}
            <img className="panel-logo" src={part.src || logo || '/logo.svg'} alt="" height={56} style={{ maxWidth: '100%' }} />
          </Flex>
        );
      case 'languages':
        return <SigninLanguages languages={part.languages} labelled={part.labelled} />;
      case 'username':
        return (
          <Form.Item
            className="login-username"
            label={part.label || t('general.username')}
            name="username"
            rules={[{ required: true, message: t('general.usernameRequired') }]}
          >
            <Input
              className="login-username-input"
              prefix={<UserOutlined aria-hidden />}
              placeholder={part.placeholder || undefined}
              autoComplete="username"
              autoFocus={firstInput === 'username'}
            />
          </Form.Item>
        );
      case 'password':
        return (
          <Form.Item
            className="login-password"
            label={part.label || t('general.password')}
            name="password"
            rules={[{ required: true, message: t('general.passwordRequired') }]}
          >
            <Input.Password
              className="login-password-input"
              prefix={<LockOutlined aria-hidden />}
              placeholder={part.placeholder || undefined}
              autoComplete="current-password"
              autoFocus={firstInput === 'password'}
            />
          </Form.Item>
        );
      case 'agreement':
        return (
          <AgreementItem
            className="login-agreement"
            termsOfUse={termsOfUse}
            rule={{
              validator: (_, value) =>
                value === true ? Promise.resolve() : Promise.reject(new Error(t('signup.agreementRequired'))),
            }}
          />
        );
      case 'forgotPassword':
        return (
          <Flex
            className="login-forget-password"
            justify="space-between"
            align="center"
            gap={8}
            wrap
            style={{ marginBottom: 24 }}
          >
            {part.autoSignin ? autoSigninBox : <span />}
            {part.link && <AppLink to={part.link.to}>{part.link.label || t('signin.forgotPassword')}</AppLink>}
          </Flex>
        );
      case 'autoSignin':
        return <Form.Item>{autoSigninBox}</Form.Item>;
      case 'loginButton':
        return (
          <div className="login-button-box">
            <Button className="login-button" type="primary" htmlType="submit" block loading={busyLoading(busy)}>
              {part.label || t('general.signIn')}
            </Button>
            {errorAlert}
          </div>
        );
      case 'signupLink':
        return (
          <Flex className="login-signup-link" justify="center" gap={4} wrap style={{ marginTop: 16 }}>
            {part.label ? (
              <AppLink to={part.to}>{part.label}</AppLink>
            ) : (
              <>
                <Typography.Text>{t('signup.noAccount')}</Typography.Text>
                <AppLink to={part.to}>{t('signup.signUpNow')}</AppLink>
              </>
            )}
          </Flex>
        );
      case 'html':
        return (
          <div
            className="login-custom-item"
            style={{ marginBottom: 16 }}
            // The administrator's HTML, sanitized: no scripts or event handlers reach the page.
            // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by DOMPurify.
            dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(part.html) }}
          />
        );
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
  else if (loading) content = <Skeleton active paragraph={{ rows: 4 }} />;
  else
    content = (
      <>
        {layout.notice && (
          <Alert type="warning" showIcon title={t(`signin.${layout.notice}`)} style={{ marginBottom: 16 }} role="status" />
        )}
        <Form<FormValues>
          form={form}
          name="login"
          layout="vertical"
          initialValues={{ autoSignin: layout.autoSigninDefault, agreement: layout.agreement === 'checked' }}
          // Without the box nobody asked to stay signed in: the session lasts a day at most.
          onFinish={(values) =>
            onSubmit({
              username: values.username,
              password: values.password,
              autoSignin: hasAutoSignin && values.autoSignin === true,
            })
          }
          requiredMark={false}
        >
          {partsOf(layout.parts)}
        </Form>
        {!hasButton && errorAlert}
      </>
    );

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

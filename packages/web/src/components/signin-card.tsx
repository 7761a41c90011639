import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Checkbox, Flex, Form, Input, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from './app-link';
import { ApplicationFrame } from './application-frame';

export interface SigninValues {
  username: string;
  password: string;
  autoSignin: boolean;
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
  /** Replaces the form (e.g. "continue as ..."). */
  children?: ReactNode;
  /** The application record: its form offset, background, side panel and theme. */
  app?: Record<string, unknown> | null;
  /** Where "sign up now" below the form goes (no link without it). */
  signupLink?: string | null;
}

/** The sign-in card shared by the console sign-in, the authorization page and the device page. */
export function SigninCard({ title, logo, loading, busy, error, onSubmit, before, children, app, signupLink }: Props) {
  const { t } = useTranslation();
  return (
    <ApplicationFrame app={app} title={title} logo={logo} loading={loading}>
      {before}
      {children ?? (
        <Form<SigninValues>
          name="login"
          layout="vertical"
          initialValues={{ autoSignin: true }}
          onFinish={onSubmit}
          requiredMark={false}
        >
          <Form.Item
            label={t('general.username')}
            name="username"
            rules={[{ required: true, message: t('general.usernameRequired') }]}
          >
            <Input prefix={<UserOutlined aria-hidden />} autoComplete="username" autoFocus />
          </Form.Item>
          <Form.Item
            label={t('general.password')}
            name="password"
            rules={[{ required: true, message: t('general.passwordRequired') }]}
          >
            <Input.Password prefix={<LockOutlined aria-hidden />} autoComplete="current-password" />
          </Form.Item>
          <Form.Item name="autoSignin" valuePropName="checked">
            <Checkbox>{t('general.autoSignIn')}</Checkbox>
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy}>
            {t('general.signIn')}
          </Button>
        </Form>
      )}
      {error && <Alert type="error" showIcon title={error} role="alert" style={{ marginTop: 16 }} />}
      {!children && signupLink && (
        <Flex justify="center" gap={4} wrap style={{ marginTop: 16 }}>
          <Typography.Text>{t('signup.noAccount')}</Typography.Text>
          <AppLink to={signupLink}>{t('signup.signUpNow')}</AppLink>
        </Flex>
      )}
    </ApplicationFrame>
  );
}

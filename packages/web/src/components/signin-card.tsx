import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Checkbox, Flex, Form, Input, Layout, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageMenu } from '../shell/language-menu';

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
}

/** The sign-in card shared by the console sign-in, the authorization page and the device page. */
export function SigninCard({ title, logo, loading, busy, error, onSubmit, before, children }: Props) {
  const { t } = useTranslation();
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Flex justify="flex-end" style={{ padding: 8 }}>
        <LanguageMenu />
      </Flex>
      <Flex justify="center" align="flex-start" style={{ padding: '4vh 12px' }}>
        <Card style={{ width: '100%', maxWidth: 400 }}>
          <Flex vertical align="center" gap={8} style={{ marginBottom: 24 }}>
            <img src={logo || '/logo.svg'} alt="" height={56} style={{ maxWidth: '100%' }} />
            {loading ? (
              <Skeleton.Input active size="small" />
            ) : (
              <Typography.Title level={1} style={{ margin: 0, fontSize: 24, textAlign: 'center' }}>
                {title || 'Gatehouse'}
              </Typography.Title>
            )}
          </Flex>
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
        </Card>
      </Flex>
    </Layout>
  );
}

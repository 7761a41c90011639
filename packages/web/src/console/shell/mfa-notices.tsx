import { App, Button, Flex, Space, Tag } from 'antd';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from '../../shared/i18n/i18n';
import type { Account } from '../auth/account';
import { arrivedFromSignin, mfaSetupRequired, promptedMfaItems } from './mfa-rules';

const REQUIRED_KEY = 'mfa-required';
const PROMPT_KEY = 'mfa-prompt';

/**
 * The organization's MFA rules after a sign-in: a Required method the user has
 * not enabled takes them to its setup and shows a notice that cannot be dismissed until it is
 * enabled; Prompted methods, after a sign-in from /login, show a notice with Later and Go to enable.
 */
export default function MfaNotices({ account }: { account: Account }) {
  const { t } = useTranslation();
  const { notification } = App.useApp();
  const location = useLocation();
  const navigate = useNavigate();
  const required = mfaSetupRequired(account);

  useEffect(() => {
    if (!required) {
      notification.destroy(REQUIRED_KEY);
      return;
    }
    notification.open({
      key: REQUIRED_KEY,
      type: 'warning',
      role: 'alert',
      title: t('mfa.enableTitle'),
      description: (
        <Flex vertical gap={8}>
          <span>{t('mfa.requiredNotice')}</span>
          <Space>
            <Tag color="orange">{t(`mfa.types.${required}`)}</Tag>
          </Space>
        </Flex>
      ),
      duration: false,
      closable: false,
      // Below the header: the account menu (Logout) stays within reach.
      placement: 'bottomRight',
    });
    // The guard (shell/guard.tsx) keeps the account on the setup page until it is enabled.
  }, [required, notification, t]);

  // Once per arrival from the sign-in page.
  const fromSignin = arrivedFromSignin(location.state);
  // biome-ignore lint/correctness/useExhaustiveDependencies: shown once per navigation (its key), not on every render.
  useEffect(() => {
    if (required || !fromSignin) return;
    const prompted = promptedMfaItems(account);
    const first = prompted[0];
    if (!first) return;
    notification.open({
      key: PROMPT_KEY,
      type: 'info',
      title: t('mfa.enableTitle'),
      description: (
        <Flex vertical gap={8}>
          <span>{t('mfa.promptNotice')}</span>
          <Space wrap>
            {prompted.map((item) => (
              <Tag color="orange" key={item.name}>
                {t(`mfa.types.${item.name}`)}
              </Tag>
            ))}
          </Space>
        </Flex>
      ),
      actions: (
        <Space>
          <Button type="link" size="small" onClick={() => notification.destroy(PROMPT_KEY)}>
            {t('mfa.later')}
          </Button>
          <Button
            type="primary"
            size="small"
            onClick={() => {
              notification.destroy(PROMPT_KEY);
              void navigate(`/mfa/setup?mfaType=${first.name}`, { state: { from: '/' } });
            }}
          >
            {t('mfa.goToEnable')}
          </Button>
        </Space>
      ),
      duration: false,
      placement: 'bottomRight',
    });
  }, [location.key]);

  return null;
}

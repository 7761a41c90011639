import { CopyOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { copyText } from './clipboard';
import { useFeedback } from './feedback';

/** A code shown for copying (an app's secret, a recovery code shown once), with a copy button. */
export function CopyableCode({ code, label }: { code: string; label: string }) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Typography.Text
        code
        aria-label={label}
        style={{ flex: 1, padding: '4px 8px', fontSize: 15, overflowWrap: 'anywhere', margin: 0 }}
      >
        {code}
      </Typography.Text>
      <Button
        icon={<CopyOutlined aria-hidden />}
        aria-label={t('general.copyField', { field: label })}
        title={t('general.copyField', { field: label })}
        onClick={() =>
          copyText(code).then(
            () => feedback.success('general.copied'),
            (error: unknown) => feedback.error(error),
          )
        }
      />
    </Space.Compact>
  );
}

/**
 * After a sign-in with a recovery code: that code is used up, and the new one is shown this once;
 * the sign-in goes on when the person has kept it.
 */
export function RecoveryCodeNotice({ code, onContinue }: { code: string; onContinue: () => void }) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={2} style={{ fontSize: 20, textAlign: 'center', margin: 0 }}>
        {t('mfa.newRecoveryCodeTitle')}
      </Typography.Title>
      <Alert type="warning" showIcon role="status" title={t('mfa.newRecoveryCodeHint')} />
      <CopyableCode code={code} label={t('mfa.recoveryCode')} />
      <Button type="primary" block autoFocus onClick={onContinue}>
        {t('mfa.savedContinue')}
      </Button>
    </Flex>
  );
}

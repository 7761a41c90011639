import { Alert, Button, Flex, Input, Typography } from 'antd';
import { copyText } from '../../shared/components/clipboard';
import { useTranslation } from '../../shared/i18n/i18n';
import { useFeedback } from '../components/feedback';
import { decodeJwt } from './decode-jwt';
import type { EntityOverrides, FieldControlProps } from './ui-types';

/**
 * The access token: read-only in an auto-sizing text area (10 to 200 rows) with Copy,
 * and below it the decoded header and payload (an error text when it cannot be decoded; their
 * Copy only when the header names an algorithm).
 */
function AccessTokenField({ id, value, label }: FieldControlProps) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const token = String(value ?? '');
  const decoded = decodeJwt(token);
  const copy = (text: string) =>
    copyText(text).then(
      () => feedback.success('general.copied'),
      (error: unknown) => feedback.error(error),
    );
  return (
    <Flex vertical gap={12}>
      <Input.TextArea
        id={id}
        value={token}
        readOnly
        aria-label={label}
        autoSize={{ minRows: 10, maxRows: 200 }}
        style={{ fontFamily: 'monospace' }}
      />
      <div>
        <Button onClick={() => void copy(token)} disabled={!token}>
          {t('general.copy')}
        </Button>
      </div>
      <Typography.Text strong>{t('token.decoded')}</Typography.Text>
      {decoded.ok ? (
        <>
          <Input.TextArea
            value={decoded.text}
            readOnly
            aria-label={t('token.decoded')}
            autoSize={{ minRows: 6, maxRows: 60 }}
            style={{ fontFamily: 'monospace' }}
          />
          <div>
            <Button onClick={() => void copy(decoded.text)} disabled={!decoded.hasAlg}>
              {t('token.copyDecoded')}
            </Button>
          </div>
        </>
      ) : (
        <Alert type="warning" showIcon message={t('token.decodeFailed', { error: decoded.error })} />
      )}
    </Flex>
  );
}

const overrides: EntityOverrides = {
  fieldControls: { accessToken: AccessTokenField },
};

export default overrides;

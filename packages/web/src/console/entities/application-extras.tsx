import { CopyOutlined, EyeOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Form, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { copyText } from '../../shared/components/clipboard';
import { useTranslation } from '../../shared/i18n/i18n';
import { useFeedback } from '../components/feedback';
import { samlMetadataUrl, signinPreviewUrl } from './application-links';
import type { SectionExtraProps } from './ui-types';

/** The SAML section's copyable metadata address; it follows the POST binding switch as edited. */
export function SamlMetadata({ stored }: SectionExtraProps) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const postBinding = Form.useWatch('enableSamlPostBinding') === true;
  const url = samlMetadataUrl(window.location.origin, String(stored.name), postBinding);
  const copy = () =>
    copyText(url).then(
      () => feedback.success('general.copied'),
      (error) => feedback.error(error),
    );
  return (
    <Form.Item label={t('application.samlMetadata')} htmlFor="application-saml-metadata">
      <Space.Compact style={{ width: '100%' }}>
        <Input id="application-saml-metadata" value={url} readOnly />
        <Button icon={<CopyOutlined aria-hidden />} onClick={() => void copy()}>
          {t('application.copySamlMetadata')}
        </Button>
      </Space.Compact>
    </Form.Item>
  );
}

/**
 * A preview of the application's sign-in page: the authorize address with its first redirect
 * URL (as edited), shown in a frame on request or opened in a new tab; without a redirect URL
 * an error instead.
 */
export function SigninPreview({ stored }: SectionExtraProps) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  const redirectUris = Form.useWatch('redirectUris');
  const url = signinPreviewUrl(String(stored.clientId ?? ''), Array.isArray(redirectUris) ? redirectUris.map(String) : []);
  return (
    <Form.Item label={t('application.preview')}>
      {url ? (
        <Flex vertical gap={8}>
          <Space wrap>
            <Button icon={<EyeOutlined aria-hidden />} onClick={() => setShown(!shown)} aria-expanded={shown}>
              {t(shown ? 'application.hidePreview' : 'application.showPreview')}
            </Button>
            <Typography.Link href={url} target="_blank" rel="noopener noreferrer">
              {t('application.openSigninPage')}
            </Typography.Link>
          </Space>
          {shown && (
            <iframe
              src={url}
              title={t('application.previewTitle')}
              style={{ width: '100%', height: 640, border: '1px solid rgba(128,128,128,0.3)', borderRadius: 8 }}
            />
          )}
        </Flex>
      ) : (
        <Alert type="error" showIcon title={t('application.previewNeedsRedirectUrl')} />
      )}
    </Form.Item>
  );
}

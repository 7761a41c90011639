import { CloudDownloadOutlined, CopyOutlined } from '@ant-design/icons';
import { Button, Flex, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { busyLoading } from '../../shared/components/busy';
import { copyText } from '../../shared/components/clipboard';
import { unwrap } from '../../shared/data/client';
import { textOf as asText } from '../../shared/data/text';
import { useTranslation } from '../../shared/i18n/i18n';
import { useFeedback } from '../components/feedback';
import { fetchSamlMetadata } from '../data/messaging';
import { samlMetadataValues } from './provider-rules';
import type { FieldControlProps, SectionExtraProps } from './ui-types';

/**
 * The metadata of a SAML provider: fetched by the server from the
 * address given (the browser could not read another origin's), or pasted; Parse fills the SSO
 * endpoint, the IdP certificate and the issuer URL from it. Other kinds keep plain text here.
 */
export function ProviderMetadataField({ id, value, onChange, disabled }: FieldControlProps) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const category = asText(Form.useWatch('category'));
  const feedback = useFeedback();
  const [url, setUrl] = useState('');
  const [fetching, setFetching] = useState(false);
  const textArea = (
    <Input.TextArea
      id={id}
      value={asText(value)}
      onChange={(e) => onChange?.(e.target.value)}
      disabled={disabled}
      autoSize={{ minRows: 4, maxRows: 16 }}
      spellCheck={false}
      style={{ fontFamily: 'monospace', fontSize: 12 }}
    />
  );
  if (category !== 'SAML') return textArea;

  const parse = (xml: string) => {
    const values = samlMetadataValues(new DOMParser().parseFromString(xml, 'text/xml'));
    if (!values) return feedback.error(t('provider.cannotParseMetadata'));
    form.setFieldsValue(values);
    feedback.success('provider.parsedMetadata');
  };
  const fetchMetadata = async () => {
    setFetching(true);
    try {
      const xml = unwrap(await fetchSamlMetadata(url.trim())).data ?? '';
      onChange?.(xml);
      parse(xml);
    } catch (error) {
      feedback.error(error);
    } finally {
      setFetching(false);
    }
  };
  const urlId = `${id ?? 'metadata'}-url`;
  return (
    <Flex vertical gap={8}>
      <label htmlFor={urlId}>{t('provider.metadataUrl')}</label>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          id={urlId}
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          onPressEnter={(e) => {
            // Enter fetches; it must not submit the form (which saves).
            e.preventDefault();
            if (url.trim() && !disabled) void fetchMetadata();
          }}
          disabled={disabled}
          inputMode="url"
          placeholder="https://idp.example.com/saml/metadata"
        />
        <Button
          icon={<CloudDownloadOutlined aria-hidden />}
          onClick={() => void fetchMetadata()}
          disabled={disabled || url.trim() === '' || fetching}
          loading={busyLoading(fetching)}
        >
          {t('provider.fetchMetadata')}
        </Button>
      </Space.Compact>
      {textArea}
      <div>
        <Button onClick={() => parse(asText(form.getFieldValue('metadata')))} disabled={disabled}>
          {t('provider.parseMetadata')}
        </Button>
      </div>
    </Flex>
  );
}

/** This server's assertion consumer service, which is also its SP entity ID (as Casdoor's). */
export const spAcsUrl = (origin: string) => `${origin}/api/acs`;

/**
 * What the identity provider's administrator configures for this service provider, after the
 * IdP settings of a SAML provider (Casdoor's "SP ACS URL" and "SP Entity ID"): read-only, copyable.
 */
export function SamlSpAddresses(_props: SectionExtraProps) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const category = asText(Form.useWatch('category'));
  if (category !== 'SAML') return null;
  const url = spAcsUrl(window.location.origin);
  const rows = [
    { key: 'spAcsUrl', id: 'provider-sp-acs-url' },
    { key: 'spEntityId', id: 'provider-sp-entity-id' },
  ];
  const copy = () =>
    copyText(url).then(
      () => feedback.success('general.copied'),
      (error) => feedback.error(error),
    );
  return rows.map(({ key, id }) => (
    <Form.Item key={key} label={t(`provider.${key}`)} htmlFor={id}>
      <Space.Compact style={{ width: '100%' }}>
        <Input id={id} value={url} readOnly />
        <Button
          icon={<CopyOutlined aria-hidden />}
          aria-label={t('general.copyField', { field: t(`provider.${key}`) })}
          onClick={() => void copy()}
        />
      </Space.Compact>
    </Form.Item>
  ));
}

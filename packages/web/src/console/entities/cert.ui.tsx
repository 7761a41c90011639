import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import { MASK } from '@gatehouse/entities';
import { Button, Flex, Form, Input, Space, Typography } from 'antd';
import { copyText, downloadText } from '../../shared/components/clipboard';
import { useTranslation } from '../../shared/i18n/i18n';
import { useFeedback } from '../components/feedback';
import { SharedOwnerSelect } from '../crud/shared-owner-select';
import { certValuesChange } from './cert-rules';
import type { EntityOverrides, FieldControlProps } from './ui-types';

/**
 * A PEM text of the cert (certificate or private key): monospace text with Copy and Download
 * (as {name}{extension}). A private key masked by the server (***: the viewer may not edit the
 * cert) can be neither copied nor downloaded.
 */
function PemField({ id, value, onChange, disabled, stored, label, extension }: FieldControlProps & { extension: string }) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const form = Form.useFormInstance();
  const typedName = Form.useWatch('name', form);
  const text = typeof value === 'string' ? value : '';
  const usable = text !== '' && text !== MASK;
  const filename = `${String(typedName || stored.name)}${extension}`;

  const copy = () =>
    copyText(text).then(
      () => feedback.success('general.copied'),
      (error: unknown) => feedback.error(error),
    );
  return (
    <Flex vertical gap={8}>
      <Space wrap>
        <Button
          size="small"
          icon={<CopyOutlined />}
          disabled={!usable}
          onClick={() => void copy()}
          aria-label={t('general.copyField', { field: label })}
        >
          {t('general.copy')}
        </Button>
        <Button
          size="small"
          icon={<DownloadOutlined />}
          disabled={!usable}
          onClick={() => downloadText(text, filename, 'application/x-pem-file')}
          aria-label={t('general.downloadField', { field: label })}
        >
          {t('general.download')}
        </Button>
      </Space>
      <Input.TextArea
        id={id}
        value={text}
        onChange={(e) => onChange?.(e.target.value)}
        disabled={disabled}
        variant="filled"
        autoSize={{ minRows: 4, maxRows: 16 }}
        spellCheck={false}
        style={{ fontFamily: 'monospace', fontSize: 12 }}
      />
      {text === '' && <Typography.Text type="secondary">{t('cert.generatedOnSave')}</Typography.Text>}
    </Flex>
  );
}

const CertificateField = (props: FieldControlProps) => <PemField {...props} extension=".pem" />;
const PrivateKeyField = (props: FieldControlProps) => <PemField {...props} extension=".key" />;

/** Certs: the owner may be Shared (admin), the algorithm and bit size transitions, and copyable, downloadable keys. */
const overrides: EntityOverrides = {
  fieldControls: {
    owner: SharedOwnerSelect,
    certificate: CertificateField,
    privateKey: PrivateKeyField,
  },
  onValuesChange: certValuesChange,
};

export default overrides;

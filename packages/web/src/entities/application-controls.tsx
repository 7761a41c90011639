import { UploadOutlined } from '@ant-design/icons';
import { FORM_OFFSETS } from '@gatehouse/entities';
import { App, Button, Flex, Input, Radio, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../auth/account';
import { busyLoading } from '../components/busy';
import { useFeedback } from '../components/feedback';
import { unwrap } from '../data/client';
import { uploadResource } from '../data/entities';
import { isHtmlFile } from './application-links';
import type { FieldControlProps } from './ui-types';

/** Form offset (spec part 2 §9): 1 left, 2 center, 3 right, 4 side panel. */
const OFFSET_KEYS: Record<number, string> = { 1: 'left', 2: 'center', 3: 'right', 4: 'sidePanel' };

export function FormOffsetRadio({ id, value, onChange, disabled, label }: FieldControlProps) {
  const { t } = useTranslation();
  return (
    <Radio.Group
      id={id}
      value={value}
      onChange={(event) => onChange?.(event.target.value)}
      disabled={disabled}
      aria-label={label}
      optionType="button"
      options={FORM_OFFSETS.map((offset) => ({ value: offset, label: t(`application.formOffsets.${OFFSET_KEYS[offset]}`) }))}
    />
  );
}

/**
 * The terms-of-use URL with an upload: one .html file, stored at
 * termsOfUse/{organization}/{application}.html; its URL becomes the field's value.
 */
export function TermsOfUseField({ id, value, onChange, disabled, stored, label }: FieldControlProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const feedback = useFeedback();
  const account = useAccount();
  const [busy, setBusy] = useState(false);

  const upload = async (file: File) => {
    setBusy(true);
    try {
      const envelope = unwrap(
        await uploadResource(
          {
            owner: String(account?.user.owner ?? ''),
            user: String(account?.user.name ?? ''),
            application: String(stored.name),
            tag: 'termsOfUse',
            parent: 'ApplicationEditPage',
            fullFilePath: `termsOfUse/${stored.organization}/${stored.name}.html`,
          },
          file,
          file.name,
        ),
      );
      onChange?.(envelope.data);
      feedback.success('general.fileUploaded');
    } catch (error) {
      feedback.failure('general.failedToUpload', error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Flex gap={8} wrap>
      <Input
        id={id}
        value={typeof value === 'string' ? value : ''}
        onChange={(event) => onChange?.(event.target.value)}
        disabled={disabled}
        inputMode="url"
        style={{ flex: 1, minWidth: 200 }}
      />
      <Upload
        accept=".html,text/html"
        maxCount={1}
        showUploadList={false}
        disabled={disabled || busy}
        beforeUpload={(file) => {
          if (!isHtmlFile(file.name)) {
            void message.error(t('application.selectHtmlFile'));
          } else {
            void upload(file);
          }
          // The upload goes through the data provider, never antd's own request.
          return Upload.LIST_IGNORE;
        }}
      >
        <Button
          icon={<UploadOutlined aria-hidden />}
          disabled={disabled}
          loading={busyLoading(busy)}
          aria-label={`${label}: ${t('application.uploadHtml')}`}
        >
          {t('application.uploadHtml')}
        </Button>
      </Upload>
    </Flex>
  );
}

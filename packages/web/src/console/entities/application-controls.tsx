import { FORM_OFFSETS } from '@gatehouse/entities';
import { Flex, Input, Radio } from 'antd';
import { unwrap } from '../../shared/data/client';
import { useTranslation } from '../../shared/i18n/i18n';
import { useAccount } from '../auth/account';
import { useFeedback } from '../components/feedback';
import { FileUploadButton } from '../components/file-upload-button';
import { uploadResource } from '../data/entities';
import { isHtmlFile } from './application-links';
import type { FieldControlProps } from './ui-types';

/** Form offset: 1 left, 2 center, 3 right, 4 side panel. */
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
  const feedback = useFeedback();
  const account = useAccount();
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
      <FileUploadButton
        accept=".html,text/html"
        label={t('application.uploadHtml')}
        ariaLabel={`${label}: ${t('application.uploadHtml')}`}
        disabled={disabled}
        accepts={(file) => isHtmlFile(file.name)}
        rejectedKey="application.selectHtmlFile"
        failureKey="general.failedToUpload"
        upload={async (file) => {
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
        }}
      />
    </Flex>
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { unwrap } from '../../shared/data/client';
import { useTranslation } from '../../shared/i18n/i18n';
import { FileUploadButton } from '../components/file-upload-button';
import { uploadSheet } from '../data/entities';
import { definitionOf } from './definitions';
import type { ListToolbarProps } from './ui-types';

/** The messages of a list's upload, by i18n key. */
export interface SheetUploadKeys {
  label: string;
  rejected: string;
  success: string;
  failure: string;
  /** Shown on a transport failure instead of the network error. */
  transportFailure?: string;
}

/** The role and permission lists' messages: 'File failed to upload', 'Failed to sync: {msg}'. */
export const SYNC_UPLOAD_KEYS: SheetUploadKeys = {
  label: 'general.uploadXlsx',
  rejected: 'general.xlsxOnly',
  success: 'general.fileUploaded',
  failure: 'general.failedToSync',
  transportFailure: 'general.fileFailedToUpload',
};

interface Props extends ListToolbarProps {
  /** The entity whose records the workbook holds. */
  entity: string;
  keys?: SheetUploadKeys;
}

/**
 * A list's upload beside Add: takes an .xlsx workbook only (others are refused before anything is
 * sent), creates its records in the list's organization (upload-{plural}), then shows the list again.
 */
export function SheetUploadButton({ entity, keys = SYNC_UPLOAD_KEYS, organization, canCreate }: Props) {
  const { t } = useTranslation();
  const definition = definitionOf(entity);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  return (
    <FileUploadButton
      accept=".xlsx"
      label={t(keys.label)}
      disabled={!canCreate || !definition}
      accepts={(file) => file.name.toLowerCase().endsWith('.xlsx')}
      rejectedKey={keys.rejected}
      failureKey={keys.failure}
      transportFailureKey={keys.transportFailure}
      upload={async (file) => {
        if (!definition) return;
        unwrap(await uploadSheet(definition, file, file.name, organization));
        void message.success(t(keys.success));
        await queryClient.invalidateQueries({ queryKey: ['list', entity] });
      }}
    />
  );
}

import { DownloadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { FileUploadButton } from '../components/file-upload-button';
import { unwrap } from '../data/client';
import { uploadUsers, usersExportUrl } from '../data/entities';
import type { ListToolbarProps } from './ui-types';

/**
 * The user list's spreadsheet tools (spec part 1 §2 Users): Upload takes an .xlsx workbook only
 * and creates its users in the list's organization; Export downloads the list's users.
 */
export function UserSheetTools({ organization, canCreate }: ListToolbarProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  return (
    <Space wrap>
      <FileUploadButton
        accept=".xlsx"
        label={t('user.upload')}
        disabled={!canCreate}
        accepts={(file) => file.name.toLowerCase().endsWith('.xlsx')}
        rejectedKey="user.xlsxOnly"
        failureKey="user.failedToUpload"
        upload={async (file) => {
          unwrap(await uploadUsers(file, file.name, organization));
          void message.success(t('user.uploadedRefreshing'));
          await queryClient.invalidateQueries({ queryKey: ['list', 'user'] });
        }}
      />
      <Button icon={<DownloadOutlined aria-hidden />} href={usersExportUrl(organization)} download>
        {t('user.export')}
      </Button>
    </Space>
  );
}

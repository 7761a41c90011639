import { DownloadOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import { useTranslation } from '../../shared/i18n/i18n';
import { usersExportUrl } from '../data/entities';
import { SheetUploadButton, type SheetUploadKeys } from './sheet-upload';
import type { ListToolbarProps } from './ui-types';

const USER_UPLOAD_KEYS: SheetUploadKeys = {
  label: 'user.upload',
  rejected: 'user.xlsxOnly',
  success: 'user.uploadedRefreshing',
  failure: 'user.failedToUpload',
};

/**
 * The user list's spreadsheet tools: Upload takes an .xlsx workbook only
 * and creates its users in the list's organization; Export downloads the list's users.
 */
export function UserSheetTools(props: ListToolbarProps) {
  const { t } = useTranslation();
  return (
    <Space wrap>
      <SheetUploadButton {...props} entity="user" keys={USER_UPLOAD_KEYS} />
      <Button icon={<DownloadOutlined aria-hidden />} href={usersExportUrl(props.organization)} download>
        {t('user.export')}
      </Button>
    </Space>
  );
}

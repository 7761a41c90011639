import { UploadOutlined } from '@ant-design/icons';
import { resource } from '@gatehouse/entities';
import { BUILT_IN_APPLICATION } from '@gatehouse/entities/plain';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Upload } from 'antd';
import { useState } from 'react';
import { busyLoading } from '../../shared/components/busy';
import { unwrap } from '../../shared/data/client';
import { useTranslation } from '../../shared/i18n/i18n';
import { useAccount } from '../auth/account';
import { useFeedback } from '../components/feedback';
import { uploadResource } from '../data/entities';
import type { ListToolbarProps } from './ui-types';

/**
 * The resource list's upload (issue 27: any type of file, as Casdoor's): one file
 * at a time, stored as resource/{organization}/{user}/{file name} for the list's organization (the
 * account's own when the list shows all) through the built-in application's storage. The server
 * checks the size (and a declared type that contradicts the extension) and answers why it refuses;
 * it serves active content sandboxed or as a download.
 */
export function ResourceUpload({ organization, canCreate }: ListToolbarProps) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const account = useAccount();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);

  const upload = async (file: File) => {
    if (!account) return;
    const owner = organization || account.user.owner;
    const user = account.user.name;
    setBusy(true);
    try {
      unwrap(
        await uploadResource(
          {
            owner,
            user,
            application: BUILT_IN_APPLICATION,
            tag: 'custom',
            parent: 'ResourceListPage',
            fullFilePath: `resource/${owner}/${user}/${file.name}`,
          },
          file,
          file.name,
        ),
      );
      feedback.success('general.fileUploaded');
      void queryClient.invalidateQueries({ queryKey: ['list', resource.name] });
    } catch (error) {
      feedback.failure('general.failedToUpload', error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Upload
      maxCount={1}
      multiple={false}
      showUploadList={false}
      disabled={!canCreate || busy}
      beforeUpload={(file) => {
        void upload(file);
        // The upload goes through the data provider, never antd's own request.
        return Upload.LIST_IGNORE;
      }}
    >
      <Button type="primary" icon={<UploadOutlined aria-hidden />} disabled={!canCreate} loading={busyLoading(busy)}>
        {t('resource.upload')}
      </Button>
    </Upload>
  );
}

import { UploadOutlined } from '@ant-design/icons';
import { application } from '@gatehouse/entities';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { busyLoading } from '../components/busy';
import { useFeedback } from '../components/feedback';
import { editPath } from '../crud/paths';
import { unwrap } from '../data/client';
import { uploadApplication } from '../data/entities';
import { isHtmlDocument } from './application-links';
import type { ListToolbarProps } from './ui-types';

/**
 * The application list's upload (spec part 2 §2.5): an application definition file, HTML only,
 * creates the application in the list's organization and opens it (docs/decisions/0006).
 */
export function ApplicationUpload({ organization, canCreate }: ListToolbarProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const feedback = useFeedback();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);

  const upload = async (file: File) => {
    setBusy(true);
    try {
      const envelope = unwrap(await uploadApplication(file, file.name, organization || undefined));
      feedback.success('general.successfullyAdded');
      void queryClient.invalidateQueries({ queryKey: ['list', application.name] });
      if (envelope.data2) void navigate(editPath(application, envelope.data2));
    } catch (error) {
      feedback.failure('general.failedToAdd', error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Upload
      accept=".html,.htm,text/html"
      maxCount={1}
      showUploadList={false}
      disabled={!canCreate || busy}
      beforeUpload={(file) => {
        if (!isHtmlDocument(file.name, file.type)) {
          void message.error(t('application.selectHtmlFile'));
        } else {
          void upload(file);
        }
        // The upload goes through the data provider, never antd's own request.
        return Upload.LIST_IGNORE;
      }}
    >
      <Button icon={<UploadOutlined aria-hidden />} disabled={!canCreate} loading={busyLoading(busy)}>
        {t('application.uploadDefinition')}
      </Button>
    </Upload>
  );
}

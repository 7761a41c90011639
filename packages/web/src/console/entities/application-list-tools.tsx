import { application } from '@gatehouse/entities';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { unwrap } from '../../shared/data/client';
import { useTranslation } from '../../shared/i18n/i18n';
import { useFeedback } from '../components/feedback';
import { FileUploadButton } from '../components/file-upload-button';
import { editPath } from '../crud/paths';
import { uploadApplication } from '../data/entities';
import { isHtmlDocument } from './application-links';
import type { ListToolbarProps } from './ui-types';

/**
 * The application list's upload: an application definition file, HTML only,
 * creates the application in the list's organization and opens it (docs/decisions/0006).
 */
export function ApplicationUpload({ organization, canCreate }: ListToolbarProps) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <FileUploadButton
      accept=".html,.htm,text/html"
      label={t('application.uploadDefinition')}
      disabled={!canCreate}
      accepts={(file) => isHtmlDocument(file.name, file.type)}
      rejectedKey="application.selectHtmlFile"
      failureKey="general.failedToAdd"
      upload={async (file) => {
        const envelope = unwrap(await uploadApplication(file, file.name, organization || undefined));
        feedback.success('general.successfullyAdded');
        void queryClient.invalidateQueries({ queryKey: ['list', application.name] });
        if (envelope.data2) void navigate(editPath(application, envelope.data2));
      }}
    />
  );
}

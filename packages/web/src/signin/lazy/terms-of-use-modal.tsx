import { useTranslation } from '../../shared/i18n/i18n';
import { Dialog } from '../../shared/plain/dialog';

interface Props {
  /** The application's terms of use (an HTML page). */
  url: string;
  onAccept: () => void;
  onDecline: () => void;
}

/** The terms of use of an application in a dialog, from the agreement of its sign-in and sign-up pages. */
export function TermsOfUseModal({ url, onAccept, onDecline }: Props) {
  const { t } = useTranslation();
  return (
    <Dialog
      title={t('signup.termsOfUse')}
      width={800}
      okText={t('signup.accept')}
      cancelText={t('signup.decline')}
      onOk={onAccept}
      onCancel={onDecline}
    >
      <iframe
        src={url}
        title={t('signup.termsOfUse')}
        // The terms are a page of their own: shown, never run.
        sandbox=""
        style={{ width: '100%', height: '60vh', border: 'none' }}
      />
    </Dialog>
  );
}

export default TermsOfUseModal;

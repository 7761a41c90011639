import { CopyableCode } from '../../shared/components/copyable-code';
import { useTranslation } from '../../shared/i18n/i18n';
import { Button } from '../../shared/plain/button';
import { Alert } from '../../shared/plain/feedback';

/**
 * After a sign-in with a recovery code: that code is used up, and the new one is shown this once;
 * the sign-in goes on when the person has kept it.
 */
export function RecoveryCodeNotice({ code, onContinue }: { code: string; onContinue: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="gh-col" style={{ gap: 16 }}>
      <h2 style={{ fontSize: 20, textAlign: 'center', margin: 0 }}>{t('mfa.newRecoveryCodeTitle')}</h2>
      <Alert type="warning" role="status" title={t('mfa.newRecoveryCodeHint')} />
      <CopyableCode code={code} label={t('mfa.recoveryCode')} />
      <Button variant="primary" block autoFocus onClick={onContinue}>
        {t('mfa.savedContinue')}
      </Button>
    </div>
  );
}

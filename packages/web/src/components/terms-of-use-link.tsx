import { Button, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * "Terms of Use" beside an agreement box: a button opening the application's terms in a dialog,
 * or plain text when the application has none.
 */
export function TermsOfUseLink({ termsOfUse, onOpen }: { termsOfUse: string; onOpen: () => void }) {
  const { t } = useTranslation();
  if (!termsOfUse) return <Typography.Text>{t('signup.termsOfUse')}</Typography.Text>;
  return (
    <Button type="link" style={{ paddingInline: 0 }} onClick={onOpen} aria-haspopup="dialog">
      {t('signup.termsOfUse')}
    </Button>
  );
}

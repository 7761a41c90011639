import CopyOutlined from '@ant-design/icons-svg/es/asn/CopyOutlined';
import { useTranslation } from '../i18n/i18n';
import { Button } from '../plain/button';
import { Icon } from '../plain/icon';
import { toast } from '../plain/toast';
import { copyText } from './clipboard';
import { errorText } from './error-text';

/** A code shown for copying (an app's secret, a recovery code shown once), with a copy button. */
export function CopyableCode({ code, label }: { code: string; label: string }) {
  const { t } = useTranslation();
  return (
    <div className="gh-compact">
      <output className="gh-code" aria-label={label}>
        {code}
      </output>
      <Button
        icon={<Icon icon={CopyOutlined} />}
        aria-label={t('general.copyField', { field: label })}
        title={t('general.copyField', { field: label })}
        onClick={() =>
          copyText(code).then(
            () => toast('success', t('general.copied')),
            (error: unknown) => toast('error', errorText(t, error)),
          )
        }
      />
    </div>
  );
}

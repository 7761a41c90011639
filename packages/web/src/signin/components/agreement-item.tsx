import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../shared/i18n/i18n';
import { Checkbox } from '../../shared/plain/input';
import { asBool, Field, type Rule, useFormStore } from './form';

// The dialog loads only for applications whose agreement links terms of use.
const TermsOfUseModal = lazy(() => import('../lazy/terms-of-use-modal'));

interface Props {
  /** The application's terms of use (an HTML page); plain text without a link when empty. */
  termsOfUse: string;
  /** The rule of the box (it must be ticked). */
  rule: Rule;
  className?: string;
}

/**
 * The agreement of the sign-in and sign-up forms: the "I have read and agree to the" box (form
 * field `agreement`) and "Terms of Use", which opens the terms in a dialog whose Accept ticks the
 * box and whose Decline unticks it.
 */
export function AgreementItem({ termsOfUse, rule, className }: Props) {
  const { t } = useTranslation();
  const form = useFormStore();
  const [open, setOpen] = useState(false);
  const settle = (agreement: boolean) => {
    form.change('agreement', agreement);
    setOpen(false);
  };
  return (
    <Field className={className} name="agreement" rules={[rule]} read={asBool}>
      {(control) => (
        <div className="gh-row" style={{ gap: 4 }}>
          <span aria-hidden className="gh-item-required" />
          <Checkbox {...control}>{t('signup.iAgree')}</Checkbox>
          {termsOfUse ? (
            <button type="button" className="gh-link" onClick={() => setOpen(true)} aria-haspopup="dialog">
              {t('signup.termsOfUse')}
            </button>
          ) : (
            <span>{t('signup.termsOfUse')}</span>
          )}
          {termsOfUse && open && (
            <Suspense fallback={null}>
              <TermsOfUseModal url={termsOfUse} onAccept={() => settle(true)} onDecline={() => settle(false)} />
            </Suspense>
          )}
        </div>
      )}
    </Field>
  );
}

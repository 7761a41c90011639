import { Button, Checkbox, Flex, Form, type FormRule } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

// The dialog loads only for applications whose agreement links terms of use.
const TermsOfUseModal = lazy(() => import('./terms-of-use-modal'));

interface Props {
  /** The application's terms of use (an HTML page); plain text without a link when empty. */
  termsOfUse: string;
  /** The rule of the box (it must be ticked). */
  rule: FormRule;
  className?: string;
}

/**
 * The agreement of the sign-in and sign-up forms: the "I have read and agree to the" box (form
 * field `agreement`) and "Terms of Use", which opens the terms in a dialog whose Accept ticks the
 * box and whose Decline unticks it.
 */
export function AgreementItem({ termsOfUse, rule, className }: Props) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const [open, setOpen] = useState(false);
  const settle = (agreement: boolean) => {
    form.setFieldValue('agreement', agreement);
    setOpen(false);
    void form.validateFields(['agreement']).catch(() => undefined);
  };
  return (
    <Form.Item className={className} required>
      <Flex align="center" wrap>
        <Form.Item name="agreement" valuePropName="checked" noStyle rules={[rule]}>
          <Checkbox>{t('signup.iAgree')}</Checkbox>
        </Form.Item>
        {termsOfUse ? (
          <Button type="link" style={{ paddingInline: 0 }} onClick={() => setOpen(true)} aria-haspopup="dialog">
            {t('signup.termsOfUse')}
          </Button>
        ) : (
          <span>{t('signup.termsOfUse')}</span>
        )}
      </Flex>
      {termsOfUse && (
        <Suspense fallback={null}>
          <TermsOfUseModal url={termsOfUse} open={open} onAccept={() => settle(true)} onDecline={() => settle(false)} />
        </Suspense>
      )}
    </Form.Item>
  );
}

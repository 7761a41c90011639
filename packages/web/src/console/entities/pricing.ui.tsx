import { CopyOutlined } from '@ant-design/icons';
import { Button, Flex, Form, Typography } from 'antd';
import { copyText } from '../../shared/components/clipboard';
import { textOf } from '../../shared/data/text';
import { useTranslation } from '../../shared/i18n/i18n';
import { useFeedback } from '../components/feedback';
import { RefMultiSelect } from '../crud/ref-select';
import { pricingPageUrl } from './business-rules';
import { definitionOf } from './definitions';
import { PricingPaymentAlert } from './plan-payment-alerts';
import type { EntityOverrides, FieldControlProps, SectionExtraProps } from './ui-types';

/** The pricing's plans: plans of its organization, by name, in the order chosen (the page's order). */
function PlansField({ id, value, onChange, disabled, stored, label }: FieldControlProps) {
  const owner = textOf(Form.useWatch('owner') ?? stored.owner);
  const plans = definitionOf('plan');
  if (!plans) return null;
  return (
    <RefMultiSelect
      id={id}
      aria-label={label}
      definition={plans}
      organization={owner}
      by="name"
      disabled={disabled}
      value={Array.isArray(value) ? value.map(textOf) : []}
      onChange={(next) => onChange?.(next)}
    />
  );
}

/** The full address of the public pricing page, with a copy button. */
function PricingPageUrl({ stored }: SectionExtraProps) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const url = pricingPageUrl(window.location.origin, textOf(stored.owner), textOf(stored.name));
  return (
    <Form.Item label={t('pricing.pageUrl')}>
      <Flex gap={8} wrap align="center">
        <Typography.Link href={url} target="_blank" rel="noreferrer" style={{ wordBreak: 'break-all' }}>
          {url}
        </Typography.Link>
        <Button
          icon={<CopyOutlined />}
          onClick={() =>
            void copyText(url).then(
              () => feedback.success('general.copied'),
              (error: unknown) => feedback.error(error),
            )
          }
        >
          {t('pricing.copyPageUrl')}
        </Button>
      </Flex>
    </Form.Item>
  );
}

/**
 * Pricings: plans of the organization by name, with a warning under them naming
 * the plans its page does not offer (no working payment provider); the public page's URL to copy.
 */
const overrides: EntityOverrides = {
  fieldControls: { plans: PlansField },
  fieldExtras: { name: PricingPageUrl, plans: PricingPaymentAlert },
};

export default overrides;

import { PaymentProvidersField } from './payment-providers-field';
import { PlanPaymentAlert, RelatedProductField } from './plan-payment-alerts';
import type { EntityOverrides } from './ui-types';

/**
 * Plans: payment providers picked among the organization's Payment providers,
 * with a warning under them while customers cannot buy the plan (no working payment provider); the
 * related product (the server's) by its display name, linked; the role is the generic picker.
 */
const overrides: EntityOverrides = {
  fieldControls: { paymentProviders: PaymentProvidersField, product: RelatedProductField },
  fieldExtras: { paymentProviders: PlanPaymentAlert },
};

export default overrides;

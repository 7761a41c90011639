import { PaymentProvidersField } from './payment-providers-field';
import type { EntityOverrides } from './ui-types';

/**
 * Plans (spec part 2 §3.15): payment providers picked among the organization's Payment providers;
 * the role and the related product are the generic pickers and links (the product is the server's).
 */
const overrides: EntityOverrides = {
  fieldControls: { paymentProviders: PaymentProvidersField },
};

export default overrides;

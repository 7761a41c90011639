import { ProductProvidersCell } from './business-cells';
import { PaymentProvidersField } from './payment-providers-field';
import type { EntityOverrides } from './ui-types';

/**
 * Products: the payment providers picked among the organization's
 * Payment providers and shown two to a row in the list; a Buy action per row; the price hidden for a
 * recharge (the buyer chooses the amount). A plan's own product is locked by the definition's rules.
 */
const overrides: EntityOverrides = {
  listActions: [
    {
      key: 'buy',
      label: 'product.buy',
      to: (record) => `/products/${encodeURIComponent(String(record.owner))}/${encodeURIComponent(String(record.name))}/buy`,
    },
  ],
  listCells: { providers: ProductProvidersCell },
  fieldControls: { providers: PaymentProvidersField },
  fieldVisible: (field, values) => !(field === 'price' && values.isRecharge === true),
};

export default overrides;

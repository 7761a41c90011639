import { ProviderCell } from './business-cells';
import type { EntityOverrides } from './ui-types';

/** Transactions: read-only details; the list links the provider. */
const overrides: EntityOverrides = {
  listCells: { provider: ProviderCell },
};

export default overrides;

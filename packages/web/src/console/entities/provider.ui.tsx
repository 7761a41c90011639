import { SharedOwnerSelect } from '../crud/shared-owner-select';
import {
  ClientSecret2Field,
  EndpointField,
  HttpHeadersTable,
  IssuerUrlField,
  MethodSelect,
  SubTypeSelect,
  UserMappingField,
} from './provider-controls';
import {
  httpHeadersProblem,
  providerFieldLabel,
  providerFieldTooltip,
  providerFieldVisible,
  providerOnLoad,
  providerValuesChange,
  userMappingProblem,
} from './provider-rules';
import { ProviderMetadataField, SamlSpAddresses } from './provider-saml';
import { ProviderTestField } from './provider-tests';
import { ProviderTypeField } from './provider-type-field';
import type { EntityOverrides } from './ui-types';

/**
 * Providers: the list is the definition's; the form shows the
 * fields of the chosen category and type under their labels (provider-rules.ts), with the type
 * (and, for Payment providers, what the type does: provider-payment.ts), header, user-mapping,
 * SAML-metadata and test controls. Shared providers (owner admin) are
 * read-only for organization administrators, as the definition's access rules say.
 */
const overrides: EntityOverrides = {
  fieldControls: {
    owner: SharedOwnerSelect,
    type: ProviderTypeField,
    clientSecret2: ClientSecret2Field,
    subType: SubTypeSelect,
    method: MethodSelect,
    issuerUrl: IssuerUrlField,
    endpoint: EndpointField,
    metadata: ProviderMetadataField,
    httpHeaders: HttpHeadersTable,
    userMapping: UserMappingField,
    receiver: ProviderTestField,
  },
  fieldVisible: providerFieldVisible,
  fieldLabel: providerFieldLabel,
  fieldTooltip: providerFieldTooltip,
  // SAML: the ACS URL and entity ID the identity provider is configured with, after the IdP's settings.
  fieldExtras: { issuerUrl: SamlSpAddresses },
  fieldRules: { userMapping: userMappingProblem, httpHeaders: httpHeadersProblem },
  onLoad: providerOnLoad,
  onValuesChange: (changed, all, { account }) =>
    providerValuesChange(changed, all, { email: String(account?.user.email ?? ''), origin: window.location.origin }),
};

export default overrides;

import type { Rec } from '../../shared/data/client';
import { applicationExportUrl } from '../data/entities';
import { FormOffsetRadio, TermsOfUseField } from './application-controls';
import { SamlMetadata, SigninPreview } from './application-extras';
import { ApplicationUpload } from './application-list-tools';
import { AllCodeProviders, prepareNewApplication, SigninCodeProviders, SignupCodeProviders } from './application-needs';
import {
  CustomScopesTable,
  ProvidersTable,
  RedirectUrisTable,
  SamlAttributesTable,
  SigninItemsTable,
  SigninMethodsTable,
  SignupItemsTable,
} from './application-tables';
import { ThemeDataField } from './theme-data-field';
import type { EntityOverrides } from './ui-types';

/**
 * Applications: the form's sections come from the definition; this
 * adds the tables, the controls that are not plain inputs, the section extras and the cross-field
 * rules. Field rules (organization for global admins only, token fields only with JWT-Custom,
 * minimums of 1) come from the definition itself.
 */
const overrides: EntityOverrides = {
  listToolbar: ApplicationUpload,
  listActions: [{ key: 'export', label: 'application.exportDefinition', download: applicationExportUrl }],
  fieldControls: {
    redirectUris: RedirectUrisTable,
    signinMethods: SigninMethodsTable,
    signupItems: SignupItemsTable,
    signinItems: SigninItemsTable,
    providers: ProvidersTable,
    samlAttributes: SamlAttributesTable,
    customScopes: CustomScopesTable,
    formOffset: FormOffsetRadio,
    termsOfUse: TermsOfUseField,
    themeData: ThemeDataField,
  },
  sectionExtras: { saml: SamlMetadata, appearance: SigninPreview },
  // Items that send codes and lack the provider to send them: a warning where each is configured.
  fieldExtras: { signinMethods: SigninCodeProviders, signupItems: SignupCodeProviders, providers: AllCodeProviders },
  prepareNew: prepareNewApplication,
  // An application stored without grant types is edited with authorization_code.
  onLoad: (stored: Rec) =>
    Array.isArray(stored.grantTypes) && stored.grantTypes.length > 0 ? stored : { ...stored, grantTypes: ['authorization_code'] },
  // Auto sign-in needs the sign-in session: turning the session off turns auto sign-in off too.
  onValuesChange: (changed: Rec) => (changed.enableSigninSession === false ? { enableAutoSignin: false } : undefined),
};

export default overrides;

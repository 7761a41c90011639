import { AccountItemsTable } from './account-items-table';
import { LdapServersSection } from './ldap-servers-section';
import { CountryCodesSelect, LanguagesSelect, PasswordOptionsSelect, PrivilegeConsentSwitch } from './organization-controls';
import { MfaItemsField } from './organization-mfa-items';
import {
  accountItemsProblem,
  obfuscatorKeyProblem,
  organizationFieldVisible,
  organizationValuesChange,
} from './organization-rules';
import { NavItemsTree, WidgetItemsTree } from './permission-trees';
import { ThemeDataField } from './theme-data-field';
import type { EntityOverrides } from './ui-types';

/**
 * The organization form, loaded with the edit page
 * only: the controls that are more than their kind's input (the account items table, the
 * permission trees, the theme, privilege consent with its confirmation) and the cross-field rules
 * of organization-rules.ts.
 */
const overrides: EntityOverrides = {
  fieldControls: {
    hasPrivilegeConsent: PrivilegeConsentSwitch,
    passwordOptions: PasswordOptionsSelect,
    countryCodes: CountryCodesSelect,
    languages: LanguagesSelect,
    navItems: NavItemsTree,
    widgetItems: WidgetItemsTree,
    accountItems: AccountItemsTable,
    themeData: ThemeDataField,
    mfaItems: MfaItemsField,
  },
  // The organization's LDAP servers, listed and edited in a table of their own section.
  sectionExtras: { ldap: LdapServersSection },
  fieldVisible: organizationFieldVisible,
  fieldTooltip: (field) => (field === 'tags' ? 'organization.tagsTooltip' : undefined),
  fieldRules: { passwordObfuscatorKey: obfuscatorKeyProblem, accountItems: accountItemsProblem },
  onValuesChange: organizationValuesChange,
};

export default overrides;

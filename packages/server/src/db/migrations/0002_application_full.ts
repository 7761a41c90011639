import { columnTypes, type MigrationDb } from '../columns.js';
import type { DialectName } from '../database.js';

/**
 * The full application: sign-in and sign-up configuration, token settings,
 * SAML options, tables stored as JSON. Existing rows get the defaults a new application has.
 */
const COLUMNS: [string, 'str' | 'text' | 'bool' | 'int', number?][] = [
  ['isShared', 'bool'],
  ['tags', 'text'],
  ['forcedRedirectOrigin', 'str', 2000],
  ['tokenSigningMethod', 'str', 100],
  ['tokenFields', 'text'],
  ['failedSigninLimit', 'int'],
  ['failedSigninFrozenTime', 'int'],
  ['defaultGroup', 'str', 200],
  ['enableSigninSession', 'bool'],
  ['enableAutoSignin', 'bool'],
  ['enableCodeSignin', 'bool'],
  ['enableLinkWithEmail', 'bool'],
  ['signinMethods', 'text'],
  ['orgChoiceMode', 'str', 100],
  ['signupUrl', 'str', 2000],
  ['signinUrl', 'str', 2000],
  ['forgetUrl', 'str', 2000],
  ['affiliationUrl', 'str', 2000],
  ['ipWhitelist', 'str', 2000],
  ['termsOfUse', 'str', 2000],
  ['signupHtml', 'text'],
  ['signinHtml', 'text'],
  ['headerHtml', 'text'],
  ['footerHtml', 'text'],
  ['samlReplyUrl', 'str', 2000],
  ['enableSamlCompress', 'bool'],
  ['enableSamlC14n10', 'bool'],
  ['useEmailAsSamlNameId', 'bool'],
  ['enableSamlPostBinding', 'bool'],
  ['samlAttributes', 'text'],
  ['providers', 'text'],
  ['formBackgroundUrl', 'str', 2000],
  ['formBackgroundUrlMobile', 'str', 2000],
  ['formCss', 'text'],
  ['formCssMobile', 'text'],
  ['formSideHtml', 'text'],
  ['themeData', 'text'],
  ['signinItems', 'text'],
  ['signupItems', 'text'],
];

export async function up(db: MigrationDb, dialect: DialectName): Promise<void> {
  const t = columnTypes(dialect);
  for (const [name, type, size] of COLUMNS) {
    await db.schema
      .alterTable('application')
      .addColumn(name, type === 'str' ? t.str(size ?? 255) : t[type]())
      .execute();
  }
  // The product's minimums (at least 1); rows made before this migration get the usual values.
  await db
    .updateTable('application')
    .set({ failedSigninLimit: 5, failedSigninFrozenTime: 15, tokenSigningMethod: 'RS256' })
    .execute();
}

import type { Kysely } from 'kysely';
import { createListIndexes, createTable } from '../columns.js';
import type { DialectName } from '../database.js';

/** Providers (spec part 2 §3.2): outside services for sign-in, messages, storage, captcha, payment. */
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  await createTable(db, dialect, 'provider', [
    ['owner', 'str', 100],
    ['name', 'str', 100],
    ['createdTime', 'str', 64],
    ['displayName', 'str', 255],
    ['category', 'str', 100],
    ['type', 'str', 100],
    ['subType', 'str', 100],
    ['method', 'str', 100],
    ['clientId', 'str', 200],
    ['clientSecret', 'text'],
    ['clientId2', 'str', 2000],
    ['clientSecret2', 'text'],
    ['enableSignUp', 'bool'],
    ['host', 'str', 200],
    ['port', 'int'],
    ['disableSsl', 'bool'],
    ['providerUrl', 'str', 2000],
    ['title', 'str', 200],
    ['content', 'text'],
    ['receiver', 'str', 200],
    ['endpoint', 'str', 2000],
    ['intranetEndpoint', 'str', 2000],
    ['bucket', 'str', 200],
    ['pathPrefix', 'str', 200],
    ['domain', 'str', 2000],
    ['regionId', 'str', 100],
    ['appId', 'str', 200],
    ['signName', 'str', 200],
    ['templateCode', 'str', 200],
    ['metadata', 'text'],
    ['idP', 'text'],
    ['issuerUrl', 'str', 2000],
    ['enableSignAuthnRequest', 'bool'],
    ['cert', 'str', 100],
    ['emailRegex', 'str', 200],
    ['customAuthUrl', 'str', 2000],
    ['customTokenUrl', 'str', 2000],
    ['customUserInfoUrl', 'str', 2000],
    ['customLogo', 'str', 2000],
    ['scopes', 'str', 1000],
    ['httpHeaders', 'text'],
    ['userMapping', 'text'],
  ]).execute();
  await createListIndexes(db, 'provider', ['name', 'createdTime', 'displayName', 'category', 'type', 'clientId'], 'owner');
}

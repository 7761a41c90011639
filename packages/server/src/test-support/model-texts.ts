import { DEFAULT_MODEL_TEXT } from '@gatehouse/entities';

/** Model texts the enforcement tests share: the four kinds the suite compares with expected tables. */

export const ACL_MODEL = `[request_definition]
r = sub, obj, act

[policy_definition]
p = sub, obj, act

[policy_effect]
e = some(where (p.eft == allow))

[matchers]
m = r.sub == p.sub && r.obj == p.obj && r.act == p.act`;

/** Casdoor's built-in role-based model. */
export const RBAC_MODEL = DEFAULT_MODEL_TEXT;

export const DOMAINS_MODEL = `[request_definition]
r = sub, dom, obj, act

[policy_definition]
p = sub, dom, obj, act

[role_definition]
g = _, _, _

[policy_effect]
e = some(where (p.eft == allow))

[matchers]
m = g(r.sub, p.sub, r.dom) && r.dom == p.dom && r.obj == p.obj && r.act == p.act`;

export const DENY_OVERRIDE_MODEL = `[request_definition]
r = sub, obj, act

[policy_definition]
p = sub, obj, act, eft

[role_definition]
g = _, _

[policy_effect]
e = some(where (p.eft == allow)) && !some(where (p.eft == deny))

[matchers]
m = g(r.sub, p.sub) && r.obj == p.obj && r.act == p.act`;

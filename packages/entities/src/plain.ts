/**
 * The part of the package without zod (`@gatehouse/entities/plain`): constants, the access rules,
 * the wire envelope and the sign-in and sign-up rules. The console's entry and its public pages
 * (sign-in, sign-up, the protocol pages) import only this, so every end user's download stays free
 * of the entity definitions and their validation library. Types may still come from the package
 * root with `import type` (erased at build time).
 */
export * from './access.js';
export * from './account-item-rules.js';
export * from './auth-rules.js';
export * from './constants.js';
export * from './dashboard.js';
export * from './enforcement.js';
export * from './envelope.js';
export * from './field-checks.js';
export * from './manifest.js';
export * from './mfa.js';
export * from './nav.js';
export * from './password-obfuscator.js';
export * from './password-options.js';
export * from './plan-payment.js';
export * from './policy.js';
export * from './provider-types.js';
export * from './public-pages.js';
export * from './random.js';
export * from './record-keys.js';
export * from './system-info.js';
export * from './web3-auth.js';

import { describe, expect, it } from 'vitest';
import { PROVIDER_RULE_OPTIONS, providerRowAfterChange, providerRows, providerRuleOptions } from './application-rows';

const captchaNames = new Set(['provider_captcha_default', 'turnstile']);

describe('provider rows and captcha rules', () => {
  it('offers None, Dynamic and Always on rows naming a Captcha provider', () => {
    const row = { ...providerRows.newRow(), name: 'turnstile' };
    expect(providerRuleOptions(row, captchaNames)).toEqual(['None', 'Dynamic', 'Always']);
    expect(providerRuleOptions({ ...row, name: 'github' }, captchaNames)).toBe(PROVIDER_RULE_OPTIONS);
  });

  it('gives a row renamed to a Captcha provider the rule None, keeping a captcha rule it has', () => {
    const row = { ...providerRows.newRow(), name: 'provider_captcha_default' };
    expect(providerRowAfterChange(row, captchaNames).rule).toBe('None');
    expect(providerRowAfterChange({ ...row, rule: 'Always' }, captchaNames).rule).toBe('Always');
    expect(providerRowAfterChange({ ...row, name: 'github', rule: 'OneTap' }, captchaNames).rule).toBe('OneTap');
  });
});

import { describe, expect, it } from 'vitest';
import {
  PROVIDER_RULE_OPTIONS,
  providerChoices,
  providerRowAfterChange,
  providerRows,
  providerRuleOptions,
} from './application-rows';

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

describe("the choices of a provider row's picker", () => {
  const choice = (owner: string, name: string, category = 'OAuth', type = 'GitHub') => ({
    owner,
    name,
    displayName: name,
    category,
    type,
  });

  it("are one per name, the organization's own over a shared one, without the names other rows list", () => {
    const found = [
      choice('admin', 'github'),
      choice('acme', 'github', 'OAuth', 'Custom'),
      choice('admin', 'mail', 'Email', 'Default'),
      choice('acme', 'sms', 'SMS', 'Twilio SMS'),
      choice('globex', 'theirs'),
      choice('admin', 'captcha', 'Captcha', 'Default'),
    ];
    expect(providerChoices(found, 'acme', ['sms'])).toEqual([
      choice('acme', 'github', 'OAuth', 'Custom'),
      choice('admin', 'mail', 'Email', 'Default'),
      choice('admin', 'captcha', 'Captcha', 'Default'),
    ]);
    // The shared one stays when the organization has none of that name, whatever the order found.
    expect(providerChoices([choice('acme', 'github'), choice('admin', 'github')], 'acme', [])).toEqual([
      choice('acme', 'github'),
    ]);
    expect(providerChoices([choice('admin', 'github')], 'acme', ['github'])).toEqual([]);
  });
});

import { defaultSigninItems, signinItem } from '@gatehouse/entities';
import { describe, expect, it } from 'vitest';
import { signinLayout } from '../../signin/components/signin-model';
import { captchaApplicationId, captchaRuleOf } from './captcha-rule';

const row = (name: string, rule: string) => ({ name, rule });

describe('captchaRuleOf', () => {
  it('takes the rule of the first provider row with a captcha rule', () => {
    expect(captchaRuleOf(null)).toBe('None');
    expect(captchaRuleOf({ providers: [] })).toBe('None');
    expect(captchaRuleOf({ providers: [row('github', 'Default'), row('provider_captcha_default', 'Always')] })).toBe('Always');
    expect(captchaRuleOf({ providers: [row('sms', 'all'), row('captcha', 'Dynamic')] })).toBe('Dynamic');
    // The first captcha row decides, as on the server.
    expect(captchaRuleOf({ providers: [row('provider_captcha_default', 'None'), row('other', 'Always')] })).toBe('None');
    expect(captchaRuleOf({ providers: 'not rows' })).toBe('None');
  });

  it('names the application as get-captcha takes it', () => {
    expect(captchaApplicationId({ name: 'shop' })).toBe('admin/shop');
  });
});

describe('the captcha on the sign-in card', () => {
  const app = (captchaRow: Record<string, unknown>) => ({
    name: 'shop',
    organization: 'acme',
    enablePassword: true,
    signinItems: defaultSigninItems().map((item) => (item.name === 'Captcha' ? { ...item, ...captchaRow } : item)),
  });
  const context = { keepsSession: true, fromOrganizationChoice: false, signupLink: null };
  const kinds = (record: Record<string, unknown>) => signinLayout(record, context).parts.map((part) => part.kind);

  it('sits at the Captcha item when it is visible with the inline rule, before the sign-in button', () => {
    // The default items list Captcha after the button: it moves just before it.
    const parts = kinds(app({ visible: true, rule: 'inline' }));
    expect(parts.indexOf('captcha')).toBe(parts.indexOf('loginButton') - 1);
    const early = {
      ...app({}),
      signinItems: [
        signinItem('Username'),
        signinItem('Captcha', { rule: 'inline' }),
        signinItem('Password'),
        signinItem('Login button'),
      ],
    };
    expect(kinds(early)).toEqual(['username', 'captcha', 'password', 'loginButton']);
  });

  it('opens in a dialog otherwise (pop up, hidden item, no items)', () => {
    expect(kinds(app({ visible: true, rule: 'pop up' }))).not.toContain('captcha');
    expect(kinds(app({ visible: false, rule: 'inline' }))).not.toContain('captcha');
    expect(signinItem('Captcha').rule).toBe('pop up');
    expect(signinLayout(null, context).parts.map((part) => part.kind)).not.toContain('captcha');
  });
});

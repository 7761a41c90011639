import { describe, expect, it } from 'vitest';
import { defaultSignupItems, signupItem } from './application-items.js';
import { messagingDefaults, providerNeeds, unmetProviderNeeds } from './application-needs.js';

const mail = { name: 'mail', category: 'Email', type: 'Default' };
const sms = { name: 'texts', category: 'SMS', type: 'Twilio SMS' };
const unimplemented = { name: 'ses', category: 'Email', type: 'AWS SES' };
const captcha = { name: 'captcha', category: 'Captcha', type: 'Default' };

describe('a new application', () => {
  it('without an Email or SMS provider offers no code and verifies nothing by code', () => {
    const app = messagingDefaults([captcha, unimplemented]);
    expect(app.providers).toEqual([]);
    expect(app.signinMethods.map((method) => method.name)).not.toContain('Verification code');
    expect(app.signupItems.find((item) => item.name === 'Email')?.rule).toBe('No verification');
    expect(app.signupItems.find((item) => item.name === 'Phone')?.rule).toBe('No verification');
    expect(unmetProviderNeeds({ ...app, enableSignUp: true }, [captcha, unimplemented])).toEqual([]);
  });

  it('with an Email provider lists it, offers codes by e-mail and verifies the e-mail address', () => {
    const app = messagingDefaults([unimplemented, mail]);
    expect(app.providers.map((row) => [row.name, row.rule])).toEqual([['mail', 'All']]);
    expect(app.signinMethods.find((method) => method.name === 'Verification code')?.rule).toBe('Email only');
    expect(app.signupItems.find((item) => item.name === 'Email')?.rule).toBe('Normal');
    expect(app.signupItems.find((item) => item.name === 'Phone')?.rule).toBe('No verification');
    expect(unmetProviderNeeds({ ...app, enableSignUp: true }, [mail])).toEqual([]);
  });

  it('with both offers either and lists both', () => {
    const app = messagingDefaults([sms, mail]);
    expect(app.providers.map((row) => row.name)).toEqual(['mail', 'texts']);
    expect(app.signinMethods.find((method) => method.name === 'Verification code')?.rule).toBe('All');
    expect(unmetProviderNeeds({ ...app, enableSignUp: true }, [sms, mail])).toEqual([]);
  });
});

describe('the items that lack a provider', () => {
  const codeByEmail = { name: 'Verification code' as const, displayName: 'Verification code', rule: 'Email only' };
  it('are named by item, and a provider row whose rule admits another method does not count', () => {
    const app = {
      enableSignUp: true,
      signinMethods: [codeByEmail],
      signupItems: defaultSignupItems(),
      providers: [{ ...messagingDefaults([mail]).providers[0], rule: 'signup' }],
    };
    expect(providerNeeds(app).map((need) => need.item)).toEqual(['signinCode', 'signupEmail', 'signupPhone']);
    expect(unmetProviderNeeds(app, [mail]).map((need) => need.item)).toEqual(['signinCode', 'signupPhone']);
    // A provider the list names but the organization does not have counts for nothing.
    expect(unmetProviderNeeds(app, []).map((need) => need.item)).toEqual(['signinCode', 'signupEmail', 'signupPhone']);
  });

  it('leave out sign-up when it is off and items that do not verify', () => {
    const items = [signupItem('Email', { rule: 'No verification' }), signupItem('Phone', { visible: false, rule: 'Normal' })];
    expect(providerNeeds({ enableSignUp: true, signinMethods: [], signupItems: items })).toEqual([]);
    expect(providerNeeds({ enableSignUp: false, signinMethods: [], signupItems: defaultSignupItems() })).toEqual([]);
  });
});

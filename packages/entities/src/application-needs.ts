import {
  type ApplicationProvider,
  defaultSigninMethods,
  defaultSignupItems,
  providerRow,
  type SigninMethod,
  type SignupItem,
} from './application-items.js';
import { isImplementedProviderType } from './implemented-provider-types.js';

/**
 * What an application's sign-in and sign-up need from its providers: a code
 * sent by e-mail needs an Email provider in the application's Providers list, a code sent by text
 * message an SMS provider. The console's Add starts a new application with only what the
 * organization's providers can do, and its edit page names each item that lacks its provider.
 */

export type MessagingCategory = 'Email' | 'SMS';

/** A provider as these rules see it: its name, category and type. */
export interface ProviderSummary {
  name: string;
  category: string;
  type: string;
}

/** An item of the application that sends codes, and the categories of provider that would send them. */
export interface ProviderNeed {
  item: 'signinCode' | 'signupEmail' | 'signupPhone';
  categories: readonly MessagingCategory[];
}

/** Whether a provider row's rule lets it send codes of this verification method (Casdoor's rule values). */
export function providerRuleAdmits(rule: string | undefined, method: string): boolean {
  return !rule || rule === method || rule === 'All' || rule === 'all' || rule === 'None';
}

/** A provider that sends codes in this release: an Email or SMS provider of an implemented type. */
export function sendsCodes(provider: ProviderSummary, category: MessagingCategory): boolean {
  return provider.category === category && isImplementedProviderType(category, provider.type);
}

interface ApplicationShape {
  enableSignUp?: boolean;
  signinMethods: readonly SigninMethod[];
  signupItems: readonly SignupItem[];
}

/** The items of the application that send codes, with the categories each can use. */
export function providerNeeds(app: ApplicationShape): ProviderNeed[] {
  const needs: ProviderNeed[] = [];
  const code = app.signinMethods.find((method) => method.name === 'Verification code');
  if (code) {
    const categories: MessagingCategory[] =
      code.rule === 'Email only' ? ['Email'] : code.rule === 'Phone only' ? ['SMS'] : ['Email', 'SMS'];
    needs.push({ item: 'signinCode', categories });
  }
  if (app.enableSignUp !== false) {
    const verified = (name: string) =>
      app.signupItems.some((item) => item.name === name && item.visible && item.rule !== 'No verification');
    if (verified('Email')) needs.push({ item: 'signupEmail', categories: ['Email'] });
    if (verified('Phone')) needs.push({ item: 'signupPhone', categories: ['SMS'] });
  }
  return needs;
}

/**
 * The needs none of the application's providers meets: a row of its Providers list whose rule
 * admits the method, naming a provider (given, as found for the application's organization) that
 * sends codes of that category.
 */
export function unmetProviderNeeds(
  app: ApplicationShape & { providers: readonly ApplicationProvider[] },
  providers: readonly ProviderSummary[],
): ProviderNeed[] {
  const meets = (category: MessagingCategory, method: string) =>
    app.providers.some(
      (row) =>
        providerRuleAdmits(row.rule, method) &&
        providers.some((provider) => provider.name === row.name && sendsCodes(provider, category)),
    );
  const method = (need: ProviderNeed) => (need.item === 'signinCode' ? 'login' : 'signup');
  return providerNeeds(app).filter((need) => !need.categories.some((category) => meets(category, method(need))));
}

/**
 * The sign-in methods, sign-up items and providers a new application starts with, given the
 * providers its organization may use: the first Email and SMS providers that send codes are in its
 * Providers list; the Verification code method is offered for what they can send (and not at all
 * without either); sign-up verifies an e-mail address or a phone number with a code only when a
 * provider can send it.
 */
export function messagingDefaults(providers: readonly ProviderSummary[]): {
  providers: ApplicationProvider[];
  signinMethods: SigninMethod[];
  signupItems: SignupItem[];
} {
  const email = providers.find((provider) => sendsCodes(provider, 'Email'));
  const sms = providers.find((provider) => sendsCodes(provider, 'SMS'));
  const codeRule = email && sms ? 'All' : email ? 'Email only' : 'Phone only';
  const signinMethods = defaultSigninMethods()
    .filter((method) => method.name !== 'Verification code' || email || sms)
    .map((method) => (method.name === 'Verification code' ? { ...method, rule: codeRule } : method));
  const signupItems = defaultSignupItems().map((item) => {
    if (item.name === 'Email' && !email) return { ...item, rule: 'No verification' };
    if (item.name === 'Phone' && !sms) return { ...item, rule: 'No verification' };
    return item;
  });
  return {
    providers: [email, sms].flatMap((provider) => (provider ? [providerRow(provider.name)] : [])),
    signinMethods,
    signupItems,
  };
}

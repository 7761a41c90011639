/**
 * When the sign-in page expects a captcha (the rule of the application's Captcha provider row, None,
 * Dynamic or Always). The page does not know the providers' categories; the
 * rules None, Dynamic and Always belong to captcha rows only, so the first row carrying one of
 * them is the captcha row, as the server takes the first Captcha provider row. The server decides
 * in the end: the page only chooses when to show the captcha.
 */
export type CaptchaRule = 'None' | 'Dynamic' | 'Always';

const CAPTCHA_RULES: readonly string[] = ['None', 'Dynamic', 'Always'];

/** A solved captcha, in Casdoor's sign-in fields. */
export interface CaptchaValue {
  /** The provider's type (Default, reCAPTCHA v2 ...). */
  captchaType: string;
  /** The characters typed (Default) or the widget's token. */
  captchaToken: string;
  /** The challenge's captchaId (Default); '***' for the remote types, whose secret stays on the server. */
  clientSecret: string;
}

/** A stored value as the captcha's answer (null when there is none). */
export function asCaptcha(value: unknown): CaptchaValue | null {
  if (!value || typeof value !== 'object') return null;
  const captchaType = Reflect.get(value, 'captchaType');
  const captchaToken = Reflect.get(value, 'captchaToken');
  const clientSecret = Reflect.get(value, 'clientSecret');
  return typeof captchaType === 'string' && typeof captchaToken === 'string' && typeof clientSecret === 'string'
    ? { captchaType, captchaToken, clientSecret }
    : null;
}

export function captchaRuleOf(app: Record<string, unknown> | null | undefined): CaptchaRule {
  const rows = Array.isArray(app?.providers) ? (app.providers as { rule?: unknown }[]) : [];
  const row = rows.find((r) => typeof r?.rule === 'string' && CAPTCHA_RULES.includes(r.rule));
  return (row?.rule as CaptchaRule | undefined) ?? 'None';
}

/** The id get-captcha takes for an application's captcha (applications are owned by admin). */
export function captchaApplicationId(app: Record<string, unknown> | null | undefined): string {
  return `admin/${typeof app?.name === 'string' ? app.name : ''}`;
}

import type { ThemeData } from '@gatehouse/entities';
import { textOf as text } from '../data/text';

/**
 * How an application's sign-in and sign-up pages look: where the form sits
 * (form offset 1 left, 2 center, 3 right, 4 beside a side panel), the page's background image, the
 * side panel's HTML, the form CSS, the header and footer HTML, and the theme (the application's when enabled, else its organization's when
 * enabled, else the console's own).
 */
export interface Appearance {
  offset: 1 | 2 | 3 | 4;
  background: string;
  backgroundMobile: string;
  sideHtml: string;
  theme: ThemeData | null;
  /** The form CSS of wide screens and of phones (a <style> of the page while it is shown). */
  formCss: string;
  formCssMobile: string;
  /** HTML above and below the page's content (sanitized when rendered). */
  headerHtml: string;
  footerHtml: string;
}

/** A stored theme (an organization's or application's themeData) when it is enabled, else null. */
export function enabledTheme(value: unknown): ThemeData | null {
  if (!value || typeof value !== 'object') return null;
  const theme = value as Partial<ThemeData>;
  if (theme.isEnabled !== true) return null;
  return {
    themeType: text(theme.themeType) || 'default',
    colorPrimary: text(theme.colorPrimary) || '#5734d3',
    borderRadius: typeof theme.borderRadius === 'number' ? theme.borderRadius : 6,
    isCompact: theme.isCompact === true,
    isEnabled: true,
  };
}

/** The appearance of an application record (get-app-login's answer, with organizationObj); defaults without one. */
export function appearanceOf(app: Record<string, unknown> | null | undefined): Appearance {
  const offset = Number(app?.formOffset);
  const org = (app?.organizationObj ?? null) as Record<string, unknown> | null;
  return {
    offset: offset === 1 || offset === 3 || offset === 4 ? offset : 2,
    background: text(app?.formBackgroundUrl),
    backgroundMobile: text(app?.formBackgroundUrlMobile),
    sideHtml: text(app?.formSideHtml),
    theme: enabledTheme(app?.themeData) ?? enabledTheme(org?.themeData),
    formCss: text(app?.formCss),
    formCssMobile: text(app?.formCssMobile),
    headerHtml: text(app?.headerHtml),
    footerHtml: text(app?.footerHtml),
  };
}

/** The flex alignment of the form for an offset (a side panel puts the form on the right). */
export function formJustify(offset: Appearance['offset']): 'flex-start' | 'center' | 'flex-end' {
  if (offset === 1) return 'flex-start';
  if (offset === 2) return 'center';
  return 'flex-end';
}

/** The background image of the page at this width (the mobile image on phones when there is one). */
export function backgroundOf(appearance: Appearance, phone: boolean): string {
  return (phone && appearance.backgroundMobile) || appearance.background;
}

/** Phones are narrower than antd's md breakpoint (768px), below which the frame centres the form. */
const WIDE_MEDIA = '(min-width: 768px)';
const PHONE_MEDIA = '(max-width: 767.98px)';

/** The CSS of a form CSS field, without the <style> tags Casdoor's defaults wrap it in. */
export function cssText(raw: string): string {
  return raw.replace(/<\/?style[^>]*>/gi, '').trim();
}

/**
 * The page's style sheet from the form CSS fields: the form CSS on wider screens, the mobile form
 * CSS on phones (as Casdoor applies one or the other); '' when there is neither.
 */
export function pageStyleOf(appearance: Pick<Appearance, 'formCss' | 'formCssMobile'>): string {
  const wide = cssText(appearance.formCss);
  const phone = cssText(appearance.formCssMobile);
  return [wide ? `@media ${WIDE_MEDIA} {\n${wide}\n}` : '', phone ? `@media ${PHONE_MEDIA} {\n${phone}\n}` : '']
    .filter(Boolean)
    .join('\n');
}

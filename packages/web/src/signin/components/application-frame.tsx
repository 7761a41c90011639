import type { ReactNode } from 'react';
import { appearanceOf, backgroundOf, formJustify, pageStyleOf } from '../../shared/components/application-appearance';
import { LanguageMenu } from '../../shared/components/language-menu';
import { Skeleton } from '../../shared/plain/feedback';
import { ThemeScope } from '../../shared/plain/theme';
import { PHONE_QUERY, useMedia } from '../../shared/plain/use-media';
import { AdminHtml } from './admin-html';
import { PageBackground } from './page-background';

interface Props {
  /** The application record (get-app-login's answer): its form offset, background, side panel and theme. */
  app?: Record<string, unknown> | null;
  /** The application's display name (a skeleton while it loads). */
  title?: string;
  logo?: string;
  loading?: boolean;
  /** Show the logo (the sign-in page's Logo item); the name stays as the page's heading. */
  showLogo?: boolean;
  /** The languages of the language menu; null leaves the menu out (default: all of the console's). */
  languages?: readonly string[] | null;
  /** More CSS for the page (the sign-in items' custom CSS). */
  css?: string;
  children: ReactNode;
}

/**
 * The frame of an application's public pages (sign-in, sign-up): the language menu, and a card with
 * the application's logo and name as the page's heading, placed by the form offset beside an
 * optional side panel, over the application's background, in the application's theme, between the
 * application's header and footer HTML, styled by its form CSS while the page is shown. On a phone
 * the card is centred and the side panel left out. The class names are Casdoor's, which form CSS
 * written for Casdoor addresses.
 */
export function ApplicationFrame({ app, title, logo, loading, showLogo = true, languages, css, children }: Props) {
  const appearance = appearanceOf(app);
  const style = [pageStyleOf(appearance), css ?? ''].filter(Boolean).join('\n');
  const phone = useMedia(PHONE_QUERY);
  const background = backgroundOf(appearance, phone);
  const sidePanel = appearance.offset === 4 && !phone && appearance.sideHtml !== '';

  const page = (
    <PageBackground
      className="login-content"
      style={background ? { backgroundImage: `url(${JSON.stringify(background)})`, backgroundSize: 'cover' } : undefined}
    >
      {style && <style>{style}</style>}
      <AdminHtml html={appearance.headerHtml} className="login-header-html" />
      {languages !== null && (
        <div className="gh-row gh-end" style={{ padding: 8 }}>
          <LanguageMenu languages={languages} />
        </div>
      )}
      <div
        className="login-panel"
        style={{
          display: 'flex',
          justifyContent: phone ? 'center' : formJustify(appearance.offset),
          alignItems: 'flex-start',
          gap: 32,
          padding: phone ? '4vh 12px' : '4vh 5vw',
        }}
      >
        {sidePanel && (
          <AdminHtml html={appearance.sideHtml} className="side-image" style={{ flex: 1, minWidth: 0, maxWidth: 640 }} />
        )}
        <div className="login-form gh-panel" style={{ width: '100%', maxWidth: 400, flexShrink: 0 }}>
          <div className="login-logo-box gh-col" style={{ alignItems: 'center', gap: 8, marginBottom: 24 }}>
            {showLogo && <img src={logo || '/logo.svg'} alt="" height={56} style={{ maxWidth: '100%' }} />}
            {loading ? (
              <div style={{ width: 160 }}>
                <Skeleton rows={1} />
              </div>
            ) : (
              <h1 style={{ margin: 0, fontSize: 24, lineHeight: 1.35, textAlign: 'center', wordBreak: 'break-word' }}>
                {title || 'Gatehouse'}
              </h1>
            )}
          </div>
          {children}
        </div>
      </div>
      <AdminHtml html={appearance.footerHtml} className="login-footer-html" />
    </PageBackground>
  );

  const theme = appearance.theme;
  if (!theme) return page;
  return (
    <ThemeScope
      theme={{
        dark: theme.themeType === 'dark',
        compact: theme.isCompact,
        colorPrimary: theme.colorPrimary,
        borderRadius: theme.borderRadius,
      }}
    >
      {page}
    </ThemeScope>
  );
}

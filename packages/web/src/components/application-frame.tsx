import { theme as antdTheme, Card, ConfigProvider, Flex, Grid, Layout, Skeleton, Typography } from 'antd';
import DOMPurify from 'dompurify';
import type { ReactNode } from 'react';
import { LanguageMenu } from '../shell/language-menu';
import { appearanceOf, backgroundOf, formJustify } from './application-appearance';

interface Props {
  /** The application record (get-app-login's answer): its form offset, background, side panel and theme. */
  app?: Record<string, unknown> | null;
  /** The application's display name (a skeleton while it loads). */
  title?: string;
  logo?: string;
  loading?: boolean;
  children: ReactNode;
}

/**
 * The frame of an application's public pages (sign-in, sign-up): the language menu, and a card with
 * the application's logo and name as the page's heading, placed by the form offset beside an
 * optional side panel, over the application's background, in the application's theme. On a phone
 * the card is centred and the side panel left out.
 */
export function ApplicationFrame({ app, title, logo, loading, children }: Props) {
  const appearance = appearanceOf(app);
  const screens = Grid.useBreakpoint();
  const phone = screens.md === false;
  const background = backgroundOf(appearance, phone);
  const sidePanel = appearance.offset === 4 && !phone && appearance.sideHtml !== '';

  const page = (
    <Layout
      style={{
        minHeight: '100vh',
        ...(background ? { backgroundImage: `url(${JSON.stringify(background)})`, backgroundSize: 'cover' } : {}),
      }}
    >
      <Flex justify="flex-end" style={{ padding: 8 }}>
        <LanguageMenu />
      </Flex>
      <Flex
        justify={phone ? 'center' : formJustify(appearance.offset)}
        align="flex-start"
        gap={32}
        style={{ padding: phone ? '4vh 12px' : '4vh 5vw' }}
      >
        {sidePanel && (
          <div
            style={{ flex: 1, minWidth: 0, maxWidth: 640 }}
            // The administrator's HTML, sanitized: no scripts or event handlers reach the page.
            // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by DOMPurify just above.
            dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(appearance.sideHtml) }}
          />
        )}
        <Card style={{ width: '100%', maxWidth: 400, flexShrink: 0 }}>
          <Flex vertical align="center" gap={8} style={{ marginBottom: 24 }}>
            <img src={logo || '/logo.svg'} alt="" height={56} style={{ maxWidth: '100%' }} />
            {loading ? (
              <Skeleton.Input active size="small" />
            ) : (
              <Typography.Title level={1} style={{ margin: 0, fontSize: 24, textAlign: 'center' }}>
                {title || 'Gatehouse'}
              </Typography.Title>
            )}
          </Flex>
          {children}
        </Card>
      </Flex>
    </Layout>
  );

  const theme = appearance.theme;
  if (!theme) return page;
  return (
    <ConfigProvider
      theme={{
        algorithm: [
          theme.themeType === 'dark' ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
          ...(theme.isCompact ? [antdTheme.compactAlgorithm] : []),
        ],
        token: { colorPrimary: theme.colorPrimary, colorLink: theme.colorPrimary, borderRadius: theme.borderRadius },
      }}
    >
      {page}
    </ConfigProvider>
  );
}

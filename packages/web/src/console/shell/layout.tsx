import { MenuOutlined } from '@ant-design/icons';
import { isGlobalAdmin } from '@gatehouse/entities/plain';
import { Button, ConfigProvider, Flex, Layout, Menu, type MenuProps, theme } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { enabledTheme } from '../../shared/components/application-appearance';
import { LanguageMenu } from '../../shared/components/language-menu';
import { useTranslation } from '../../shared/i18n/i18n';
import { useScreens } from '../../shared/plain/use-media';
import { type Account, useAccount } from '../auth/account';
import { LinkButton } from '../components/link-button';
import { PageSpin } from '../components/page-spin';
import { PlainScope } from '../components/plain-scope';
import { themeConfigOf } from '../components/theme-config';
import { CameFromProvider } from '../crud/came-from';
import { CONSOLE_HEADER_HEIGHT, CONSOLE_MENU_ROW_HEIGHT, ConsoleHeaderHeight } from '../crud/sticky-offsets';
import { buildMenu, type MenuGroup, organizationLanguages, selectedMenuKey, visibleWidgets, type Widget } from './menu';
import { arrivedFromSignin, mfaSetupRequired, promptedMfaItems } from './mfa-rules';
import { OrganizationPicker } from './organization-picker';
import { ThemeMenu } from './theme-menu';
import { useThemeSettings } from './theme-store';
import { TourButton, TourProvider } from './tour';
import { UserMenu } from './user-menu';

// The phone's menu drawer loads when it is first opened; the MFA notices when one is due.
const MobileMenu = lazy(() => import('./mobile-menu'));
const MfaNotices = lazy(() => import('./mfa-notices'));

/** Entries the server sends elsewhere (its settings in get-account). */
function menuLinks(account: Account): Partial<Record<string, string>> {
  return account.settings.recordsUrl ? { '/records': account.settings.recordsUrl } : {};
}

/** The menu on a row of its own: the groups closer together, so that all of them fit from 768 px. */
const MENU_ROW_THEME = { components: { Menu: { itemPaddingInline: 12 } } };

/** antd Menu items of the menu groups; each entry is a real link (open in a new tab works). */
function menuItems(groups: MenuGroup[], t: (key: string) => string): MenuProps['items'] {
  return groups.map((group) => ({
    key: group.key,
    label: t(group.label),
    children: group.children.map((entry) => ({
      key: entry.key,
      label: entry.external ? (
        <a href={entry.href} target="_blank" rel="noreferrer" tabIndex={-1}>
          {t(entry.label)}
        </a>
      ) : (
        <Link to={entry.key} tabIndex={-1}>
          {t(entry.label)}
        </Link>
      ),
    })),
  }));
}

/**
 * The console in the signed-in organization's theme, when it enables one (the theme editor's
 * settings): its colour, radius and compact switch; light or dark stays the viewer's choice.
 */
export default function ConsoleLayout() {
  const organizationTheme = enabledTheme(useAccount()?.organization?.themeData);
  const settings = useThemeSettings();
  if (!organizationTheme) return <ConsoleFrame />;
  return (
    <ConfigProvider theme={themeConfigOf(organizationTheme, settings.dark, settings.compact)}>
      <PlainScope dark={settings.dark} compact={settings.compact || organizationTheme.isCompact}>
        <ConsoleFrame />
      </PlainScope>
    </ConfigProvider>
  );
}

/** The console frame: header (logo, menu, widgets, account) and the routed page. */
function ConsoleFrame() {
  const { t } = useTranslation();
  const account = useAccount();
  const location = useLocation();
  const navigate = useNavigate();
  const screens = useScreens();
  const { token } = theme.useToken();
  const [drawerOpen, setDrawerOpen] = useState(false);
  // The drawer stays mounted once opened (its closing animation, its scroll position).
  const [drawerUsed, setDrawerUsed] = useState(false);
  // Until the first measurement every breakpoint is unknown; treat that as desktop to avoid a flash.
  const isPhone = screens.md === false;

  // Until the organization's Required MFA method is enabled, the console offers its setup only.
  const setupRequired = !!mfaSetupRequired(account);
  // A notice is due for a Required method not enabled, or Prompted ones right after signing in;
  // once loaded the notices stay (they close their notifications themselves).
  const noticeDue = !!account && (setupRequired || (arrivedFromSignin(location.state) && promptedMfaItems(account).length > 0));
  const [noticesLoaded, setNoticesLoaded] = useState(false);
  if (noticeDue && !noticesLoaded) setNoticesLoaded(true);
  const groups = account && !setupRequired ? buildMenu(account.viewer, account.organization, menuLinks(account)) : [];
  const widgets: readonly Widget[] = account ? visibleWidgets(account.organization) : ['theme', 'language'];
  const showOrganizations = account && !setupRequired && isGlobalAdmin(account.viewer) && !location.pathname.startsWith('/trees');
  const selected = selectedMenuKey(groups, location.pathname);
  // The onboarding tour: desktop only, and only where the organization enables it.
  const tourEnabled = !isPhone && !!account && widgets.includes('tour') && account.organization?.enableTour !== false;

  // A click or Enter on an entry's link is the link's own to handle (new tab, history); one that
  // lands on the entry around it navigates here.
  const onMenuClick: MenuProps['onClick'] = ({ key, domEvent }) => {
    setDrawerOpen(false);
    if ((domEvent.target as Element).closest('a')) return;
    const external = groups.flatMap((g) => g.children).find((c) => c.key === key && c.external);
    if (external) window.open(external.href, '_blank', 'noopener');
    else void navigate(key);
  };
  // The same menu in the header (desktop) and in the drawer (phones).
  const menuProps: MenuProps = { items: menuItems(groups, t), selectedKeys: selected ? [selected] : [], onClick: onMenuClick };
  // Below a wide screen (1600 px) the groups do not fit beside the widgets: from tablet widths
  // the menu takes a row of its own under them, its items closer together, rather than folding
  // into "···".
  const menuRow = !isPhone && screens.xxl === false && groups.length > 0;
  const headerHeight = CONSOLE_HEADER_HEIGHT + (menuRow ? CONSOLE_MENU_ROW_HEIGHT : 0);
  const horizontalMenu = <Menu mode="horizontal" style={{ borderBottom: 'none' }} {...menuProps} />;
  const menu = (
    <nav aria-label={t('general.menu')} style={menuRow ? { paddingInline: 4 } : { flex: 1, minWidth: 0 }}>
      {menuRow ? <ConfigProvider theme={MENU_ROW_THEME}>{horizontalMenu}</ConfigProvider> : horizontalMenu}
    </nav>
  );

  return (
    <TourProvider enabled={tourEnabled}>
      {account && noticesLoaded && (
        <Suspense fallback={null}>
          <MfaNotices account={account} />
        </Suspense>
      )}
      <ConsoleHeaderHeight.Provider value={headerHeight}>
        <Layout style={{ minHeight: '100vh' }}>
          {/* The header's own line height, not antd's 64 px on everything inside: its controls and their pop-ups size as elsewhere. */}
          <Layout.Header
            style={{
              height: 'auto',
              lineHeight: token.lineHeight,
              paddingInline: 0,
              position: 'sticky',
              top: 0,
              zIndex: 10,
              background: token.colorBgContainer,
              borderBottom: `1px solid ${token.colorBorderSecondary}`,
            }}
          >
            <div
              style={{
                display: 'flex',
                alignItems: 'center',
                height: CONSOLE_HEADER_HEIGHT,
                gap: isPhone ? 4 : 12,
                paddingInline: isPhone ? 8 : 24,
              }}
            >
              <Link
                to="/"
                aria-label={t('general.home')}
                style={{ display: 'flex', alignItems: 'center', gap: 8, color: token.colorText }}
              >
                <img src="/logo.svg" alt="" width={32} height={32} />
                {!isPhone && <strong style={{ fontSize: 18 }}>Gatehouse</strong>}
              </Link>
              {isPhone
                ? groups.length > 0 && (
                    <Button
                      icon={<MenuOutlined aria-hidden />}
                      onClick={() => {
                        setDrawerUsed(true);
                        setDrawerOpen(true);
                      }}
                      aria-expanded={drawerOpen}
                    >
                      {t('general.menu')}
                    </Button>
                  )
                : !menuRow && menu}
              <Flex align="center" gap={isPhone ? 0 : 4} style={{ marginInlineStart: 'auto' }}>
                {showOrganizations && !isPhone && <OrganizationPicker width={180} />}
                {widgets.includes('theme') && <ThemeMenu />}
                {widgets.includes('language') && <LanguageMenu languages={organizationLanguages(account?.organization)} />}
                {tourEnabled && <TourButton />}
                {account ? (
                  <UserMenu account={account} compact={isPhone} setupRequired={setupRequired} />
                ) : (
                  account === null && (
                    <LinkButton type="primary" to="/login">
                      {t('general.signIn')}
                    </LinkButton>
                  )
                )}
              </Flex>
            </div>
            {menuRow && menu}
          </Layout.Header>
          {isPhone && drawerUsed && (
            <Suspense fallback={null}>
              <MobileMenu
                open={drawerOpen}
                onClose={() => setDrawerOpen(false)}
                showOrganizations={!!showOrganizations}
                menuProps={menuProps}
              />
            </Suspense>
          )}
          <Layout.Content style={{ padding: isPhone ? 8 : 24 }}>
            <Suspense fallback={<PageSpin />}>
              <CameFromProvider>
                <Outlet />
              </CameFromProvider>
            </Suspense>
          </Layout.Content>
          <Layout.Footer style={{ textAlign: 'center', paddingBlock: 16 }}>Gatehouse</Layout.Footer>
        </Layout>
      </ConsoleHeaderHeight.Provider>
    </TourProvider>
  );
}

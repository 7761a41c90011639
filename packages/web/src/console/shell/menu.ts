import {
  allows,
  isAdmin,
  MANIFEST,
  type ManifestEntry,
  NAV_TREE,
  UI_LANGUAGES,
  type Viewer,
  WIDGET_KEYS,
} from '@gatehouse/entities/plain';

/**
 * The console menu and header widgets a viewer sees: the role rules first (docs/product.md, "Roles
 * and permissions"), then the organization's navItems / widgetItems. Pure, so the rules are tested
 * without a browser.
 */

export interface MenuEntry {
  /** The route (or URL) the entry opens; also the key of NAV_TREE and of navItems. */
  key: string;
  /** i18n key. */
  label: string;
  /** Opens outside the console (in a new tab). */
  external: boolean;
  /** The address the entry opens: its route, or the outside address configured for it. */
  href: string;
}

export interface MenuGroup {
  key: string;
  label: string;
  children: MenuEntry[];
}

/** What an organization restricts; empty, missing or containing 'all' restricts nothing. */
export interface OrganizationItems {
  navItems?: readonly string[] | null;
  widgetItems?: readonly string[] | null;
}

/** Groups shown to administrators only (global or organization). */
const ADMIN_GROUPS = new Set(['home', 'admin']);

/** The manifest entry of each menu route. */
const ENTRY_BY_ROUTE = new Map(
  MANIFEST.flatMap((entry: ManifestEntry) => (entry.routes.list ? [[entry.routes.list, entry] as const] : [])),
);

function restrictsNothing(items: readonly string[] | null | undefined): items is null | undefined {
  return !items || items.length === 0 || items.includes('all');
}

/**
 * The role rules: the home and admin groups for administrators; every other entry for whom
 * its list rule (the manifest's, which the server applies to the list) lets in, in the viewer's own
 * organization. So nobody sees an entry that would answer 403.
 */
function roleAllows(viewer: Viewer, groupKey: string, entryKey: string): boolean {
  if (ADMIN_GROUPS.has(groupKey) && !isAdmin(viewer)) return false;
  const entry = ENTRY_BY_ROUTE.get(entryKey);
  return !!entry && allows(entry.list, viewer, viewer.owner);
}

/**
 * `links` sends entries elsewhere, by route: the server's records address (RECORDS_URL) replaces
 * the Records list (Records may link to an external address when one is configured).
 */
export function buildMenu(
  viewer: Viewer,
  organization: OrganizationItems | null,
  links: Partial<Record<string, string>> = {},
): MenuGroup[] {
  const navItems = organization?.navItems;
  // A group key in navItems stands for all of its entries (a checked parent in the permission tree).
  const navAllows = (groupKey: string, entryKey: string) =>
    restrictsNothing(navItems) || navItems.includes(groupKey) || navItems.includes(entryKey);
  return NAV_TREE.map((group) => ({
    key: group.key,
    label: group.label,
    children: group.children
      .filter((entry) => roleAllows(viewer, group.key, entry.key) && navAllows(group.key, entry.key))
      .map((entry) => {
        const link = links[entry.key];
        const external = !!link || !!ENTRY_BY_ROUTE.get(entry.key)?.external;
        return { key: entry.key, label: entry.label, external, href: link || entry.key };
      }),
  })).filter((group) => group.children.length > 0);
}

export type Widget = Exclude<(typeof WIDGET_KEYS)[number], 'all'>;

const ALL_WIDGETS = WIDGET_KEYS.filter((key): key is Widget => key !== 'all');

export function visibleWidgets(organization: OrganizationItems | null): Widget[] {
  const widgetItems = organization?.widgetItems;
  if (restrictsNothing(widgetItems)) return ALL_WIDGETS;
  return ALL_WIDGETS.filter((key) => widgetItems.includes(key));
}

/**
 * The console languages the header's language menu offers: those the signed-in organization lists
 * (Casdoor's header offers the organization's languages), every one when it lists none of them.
 */
export function organizationLanguages(organization: { languages?: unknown } | null | undefined): string[] | undefined {
  const listed = Array.isArray(organization?.languages) ? organization.languages.map(String) : [];
  const offered = UI_LANGUAGES.filter((language) => listed.includes(language));
  return offered.length > 0 ? offered : undefined;
}

/** The entry to highlight for a path: the longest entry key that prefixes it. */
export function selectedMenuKey(groups: MenuGroup[], pathname: string): string | undefined {
  let best: string | undefined;
  for (const entry of groups.flatMap((g) => g.children)) {
    const matches = entry.key === '/' ? pathname === '/' : pathname === entry.key || pathname.startsWith(`${entry.key}/`);
    if (matches && (!best || entry.key.length > best.length)) best = entry.key;
  }
  return best;
}

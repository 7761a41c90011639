import { isAdmin, isGlobalAdmin, NAV_TREE, type Viewer, WIDGET_KEYS } from '@gatehouse/entities';

/**
 * The console menu and header widgets a viewer sees: the role rules of the spec first, then the
 * organization's navItems / widgetItems. Pure, so the rules are tested without a browser.
 */

export interface MenuEntry {
  /** The route (or URL) the entry opens; also the key of NAV_TREE and of navItems. */
  key: string;
  /** i18n key. */
  label: string;
  /** Opens outside the console (in a new tab). */
  external: boolean;
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
/** Entries shown to global administrators only. */
const GLOBAL_ADMIN_ENTRIES = new Set(['/models', '/adapters', '/enforcers', '/sysinfo', '/swagger']);
/** The API documentation is served apart from the console. */
const EXTERNAL_ENTRIES = new Set(['/swagger']);

function restrictsNothing(items: readonly string[] | null | undefined): items is null | undefined {
  return !items || items.length === 0 || items.includes('all');
}

function roleAllows(viewer: Viewer, groupKey: string, entryKey: string): boolean {
  if (ADMIN_GROUPS.has(groupKey) && !isAdmin(viewer)) return false;
  if (GLOBAL_ADMIN_ENTRIES.has(entryKey) && !isGlobalAdmin(viewer)) return false;
  return true;
}

export function buildMenu(viewer: Viewer, organization: OrganizationItems | null): MenuGroup[] {
  const navItems = organization?.navItems;
  // A group key in navItems stands for all of its entries (a checked parent in the permission tree).
  const navAllows = (groupKey: string, entryKey: string) =>
    restrictsNothing(navItems) || navItems.includes(groupKey) || navItems.includes(entryKey);
  return NAV_TREE.map((group) => ({
    key: group.key,
    label: group.label,
    children: group.children
      .filter((entry) => roleAllows(viewer, group.key, entry.key) && navAllows(group.key, entry.key))
      .map((entry) => ({ key: entry.key, label: entry.label, external: EXTERNAL_ENTRIES.has(entry.key) })),
  })).filter((group) => group.children.length > 0);
}

export type Widget = Exclude<(typeof WIDGET_KEYS)[number], 'all'>;

const ALL_WIDGETS = WIDGET_KEYS.filter((key): key is Widget => key !== 'all');

export function visibleWidgets(organization: OrganizationItems | null): Widget[] {
  const widgetItems = organization?.widgetItems;
  if (restrictsNothing(widgetItems)) return ALL_WIDGETS;
  return ALL_WIDGETS.filter((key) => widgetItems.includes(key));
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

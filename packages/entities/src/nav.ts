import { MANIFEST, type ManifestEntry, NAV_GROUPS } from './manifest.js';

/**
 * The console menu as a tree of keys. An organization's navItems lists the keys its members may
 * see ('all' = everything); children are console routes.
 */
export interface NavGroup {
  key: string;
  /** i18n key of the group title. */
  label: string;
  children: { key: string; label: string }[];
}

/** The menu tree, from the manifest: each group's entries in manifest order. */
export const NAV_TREE: NavGroup[] = NAV_GROUPS.map((group) => ({
  key: group.key,
  label: group.label,
  children: MANIFEST.flatMap((entry: ManifestEntry) =>
    entry.group === group.key && entry.routes.list ? [{ key: entry.routes.list, label: `nav.${entry.plural}` }] : [],
  ),
}));

/** Every key of the tree, for validating navItems. */
export const NAV_KEYS: string[] = ['all', ...NAV_TREE.flatMap((g) => [g.key, ...g.children.map((c) => c.key)])];

/** Header widgets an organization may enable through widgetItems. */
export const WIDGET_KEYS = ['all', 'theme', 'language', 'ai-assistant', 'tour'] as const;

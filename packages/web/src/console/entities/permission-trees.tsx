import { NAV_TREE, WIDGET_KEYS } from '@gatehouse/entities/plain';
import { Tree, type TreeDataNode } from 'antd';
import { useMemo } from 'react';
import type { TFunction } from '../../shared/i18n/i18n';
import { useTranslation } from '../../shared/i18n/i18n';
import { checkedKeysOf, type KeyTree, storedKeysOf } from './permission-tree-keys';
import type { FieldControlProps } from './ui-types';

/** The navigation tree: all, the menu groups, their entries (the menu's own labels). */
function navTree(t: TFunction): TreeDataNode & KeyTree {
  return {
    key: 'all',
    title: t('general.all'),
    children: NAV_TREE.map((group) => ({
      key: group.key,
      title: t(group.label),
      children: group.children.map((entry) => ({ key: entry.key, title: t(entry.label) })),
    })),
  };
}

const WIDGET_LABELS: Record<string, string> = {
  theme: 'general.theme',
  language: 'general.language',
  'ai-assistant': 'organization.widgets.aiAssistant',
  tour: 'organization.widgets.tour',
};

/** The header widgets: all, then each widget. */
function widgetTree(t: TFunction): TreeDataNode & KeyTree {
  return {
    key: 'all',
    title: t('general.all'),
    children: WIDGET_KEYS.filter((key) => key !== 'all').map((key) => ({ key, title: t(WIDGET_LABELS[key] ?? key) })),
  };
}

/**
 * A checked tree of keys stored as a list (Casdoor's NavItemTree and
 * WidgetItemTree). Only global administrators change it (the field's rule disables it for others).
 */
function KeyTreeField({ id, value, onChange, disabled, label, tree }: FieldControlProps & { tree: TreeDataNode & KeyTree }) {
  return (
    <fieldset id={id} aria-label={label} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
      <Tree
        checkable
        selectable={false}
        disabled={disabled}
        defaultExpandedKeys={['all']}
        checkedKeys={checkedKeysOf(value)}
        onCheck={(checked) => {
          const keys = (Array.isArray(checked) ? checked : checked.checked).map(String);
          onChange?.(storedKeysOf(tree, keys));
        }}
        treeData={[tree]}
      />
    </fieldset>
  );
}

export function NavItemsTree(props: FieldControlProps) {
  const { t } = useTranslation();
  const tree = useMemo(() => navTree(t), [t]);
  return <KeyTreeField {...props} tree={tree} />;
}

export function WidgetItemsTree(props: FieldControlProps) {
  const { t } = useTranslation();
  const tree = useMemo(() => widgetTree(t), [t]);
  return <KeyTreeField {...props} tree={tree} />;
}

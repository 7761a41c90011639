import type { AbstractNode, IconDefinition } from '@ant-design/icons-svg/lib/types';
import type { CSSProperties, ReactNode } from 'react';
import './theme.css';

/**
 * An icon of Ant Design's set drawn from its SVG data (`@ant-design/icons-svg/es/asn/<Name>`): the
 * same pictures as the console's, without the icon components' runtime. Decorative unless labelled.
 */
export function Icon({
  icon,
  spin = false,
  label,
  className,
  style,
}: {
  icon: IconDefinition;
  spin?: boolean;
  /** Its accessible name; without one the icon is hidden from assistive technology. */
  label?: string;
  className?: string;
  style?: CSSProperties;
}) {
  const root = typeof icon.icon === 'function' ? icon.icon('currentColor', 'currentColor') : icon.icon;
  const classes = ['gh-icon', spin ? 'gh-spin-icon' : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <svg
      viewBox={root.attrs.viewBox}
      className={classes}
      style={style}
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      focusable="false"
    >
      {root.children?.map(draw)}
    </svg>
  );
}

function draw(node: AbstractNode, index: number): ReactNode {
  const Tag = node.tag as 'path';
  return (
    <Tag key={index} {...node.attrs}>
      {node.children?.map(draw)}
    </Tag>
  );
}

import { Flex, theme } from 'antd';
import type { CSSProperties, ReactNode } from 'react';

interface Props {
  className?: string;
  style?: CSSProperties;
  children: ReactNode;
}

/**
 * A public page's full-height column on the theme's layout background: antd's Layout without the
 * Layout (whose Sider the public pages never use comes with it). An antd Flex, so that what is
 * inside (the administrator's header and footer HTML too) has the page's theme.
 */
export function PageBackground({ className, style, children }: Props) {
  const { token } = theme.useToken();
  return (
    <Flex
      vertical
      className={className}
      style={{ flex: 'auto', minHeight: '100vh', backgroundColor: token.colorBgLayout, ...style }}
    >
      {children}
    </Flex>
  );
}

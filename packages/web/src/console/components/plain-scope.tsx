import { theme } from 'antd';
import type { ReactNode } from 'react';
import { themeAttributes } from '../../shared/plain/theme';

/**
 * The console's antd theme handed to the plain kit's controls inside it (the language menu, the
 * code inputs shared with the sign-in pages): the same primary colour, radius, density and type.
 * `display: contents` leaves the layout as it was; custom properties still inherit through it.
 */
export function PlainScope({ dark, compact, children }: { dark: boolean; compact: boolean; children: ReactNode }) {
  const { token } = theme.useToken();
  const attributes = themeAttributes({ dark, compact, colorPrimary: token.colorPrimary, borderRadius: token.borderRadius });
  return (
    <div
      data-gh-theme={attributes['data-gh-theme']}
      data-gh-size={attributes['data-gh-size']}
      style={{ ...attributes.style, display: 'contents' }}
    >
      {children}
    </div>
  );
}

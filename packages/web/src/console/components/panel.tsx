import { theme } from 'antd';
import { type CSSProperties, type ReactNode, useState } from 'react';

/** antd's shadow of a hovered card: a token of its theme (boxShadowCard) that its types leave out. */
function cardShadow(token: object): string | undefined {
  const shadow = Reflect.get(token, 'boxShadowCard');
  return typeof shadow === 'string' ? shadow : undefined;
}

interface Props {
  /** The head's title (a line above the body). */
  title?: ReactNode;
  /** An image across the top. */
  cover?: ReactNode;
  /** Lifts on hover (a card that is a link). */
  hoverable?: boolean;
  className?: string;
  style?: CSSProperties;
  children: ReactNode;
}

/**
 * A bordered box in the look of antd's Card (its tokens: background, border, radius, padding, head,
 * hover shadow), for the dashboard, the app launcher and the sign-in pages: antd's Card brings its
 * Tabs (for a tab list these pages never show), about 15 kB gzip, to every page that has a card.
 */
export function Panel({ title, cover, hoverable = false, className, style, children }: Props) {
  const { token } = theme.useToken();
  const [hovered, setHovered] = useState(false);
  const border = `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the pointer only lifts the card (a shadow); the link around it is what acts.
    <div
      className={className}
      onMouseEnter={hoverable ? () => setHovered(true) : undefined}
      onMouseLeave={hoverable ? () => setHovered(false) : undefined}
      style={{
        position: 'relative',
        color: token.colorText,
        fontSize: token.fontSize,
        lineHeight: token.lineHeight,
        background: token.colorBgContainer,
        borderRadius: token.borderRadiusLG,
        border,
        ...(hoverable && {
          cursor: 'pointer',
          transition: `box-shadow ${token.motionDurationMid}, border-color ${token.motionDurationMid}`,
          ...(hovered && { borderColor: 'transparent', boxShadow: cardShadow(token) }),
        }),
        ...style,
      }}
    >
      {title !== undefined && (
        <div
          style={{
            display: 'flex',
            alignItems: 'center',
            minHeight: token.fontSizeLG * token.lineHeightLG + token.padding * 2,
            marginBottom: -1,
            padding: `0 ${token.paddingLG}px`,
            color: token.colorTextHeading,
            fontWeight: token.fontWeightStrong,
            fontSize: token.fontSizeLG,
            borderBottom: border,
          }}
        >
          <div style={{ flex: 1, overflow: 'hidden', whiteSpace: 'nowrap', textOverflow: 'ellipsis' }}>{title}</div>
        </div>
      )}
      {cover && (
        <div
          style={{
            margin: -1,
            marginBottom: 0,
            overflow: 'hidden',
            borderRadius: `${token.borderRadiusLG}px ${token.borderRadiusLG}px 0 0`,
          }}
        >
          {cover}
        </div>
      )}
      <div style={{ padding: token.paddingLG }}>{children}</div>
    </div>
  );
}

/** A title and a description in the look of antd's Card.Meta. */
export function PanelMeta({ title, description }: { title: ReactNode; description?: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div style={{ margin: `${-token.marginXXS}px 0` }}>
      <div
        style={{
          overflow: 'hidden',
          whiteSpace: 'nowrap',
          textOverflow: 'ellipsis',
          color: token.colorTextHeading,
          fontWeight: token.fontWeightStrong,
          fontSize: token.fontSizeLG,
          marginBottom: description ? token.marginXS : 0,
        }}
      >
        {title}
      </div>
      {description && <div style={{ color: token.colorTextDescription }}>{description}</div>}
    </div>
  );
}

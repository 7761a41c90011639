import { theme } from 'antd';
import type { CSSProperties, ReactNode } from 'react';

/**
 * antd Typography's looks as plain elements, from the theme's tokens: Typography brings its
 * editable, copyable and ellipsis parts (a TextArea, a Tooltip, icons) to every page that shows a
 * title or a line of text with it.
 */

interface HeadingProps {
  level?: 1 | 2;
  style?: CSSProperties;
  children: ReactNode;
}

/** Typography.Title: a plain h1/h2 in the heading colour and strong weight at the level's size. */
export function Heading({ level = 1, style, children }: HeadingProps) {
  const { token } = theme.useToken();
  const headingStyle: CSSProperties = {
    marginBottom: '0.5em',
    color: token.colorTextHeading,
    fontWeight: token.fontWeightStrong,
    fontSize: level === 1 ? token.fontSizeHeading1 : token.fontSizeHeading2,
    lineHeight: level === 1 ? token.lineHeightHeading1 : token.lineHeightHeading2,
    wordBreak: 'break-word',
    ...style,
  };
  return level === 1 ? <h1 style={headingStyle}>{children}</h1> : <h2 style={headingStyle}>{children}</h2>;
}

/** Typography.Text code: inline code on a light grey box. */
export function InlineCode({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <code
      style={{
        margin: '0 0.2em',
        paddingInline: '0.4em',
        paddingBlock: '0.2em 0.1em',
        fontSize: '85%',
        fontFamily: token.fontFamilyCode,
        background: 'rgba(150, 150, 150, 0.1)',
        border: `${token.lineWidth}px ${token.lineType} rgba(100, 100, 100, 0.2)`,
        borderRadius: 3,
      }}
    >
      {children}
    </code>
  );
}

interface TextProps {
  /** Typography.Text's types: the description's grey, the error's red; default the text colour. */
  type?: 'secondary' | 'danger';
  style?: CSSProperties;
  role?: 'alert' | 'status';
  children: ReactNode;
}

/** Typography.Text: a span in the text colour, the description's grey or the error's red. */
export function PlainText({ type, style, role, children }: TextProps) {
  const { token } = theme.useToken();
  const color = type === 'secondary' ? token.colorTextDescription : type === 'danger' ? token.colorErrorText : undefined;
  return (
    <span role={role} style={{ color, wordBreak: 'break-word', ...style }}>
      {children}
    </span>
  );
}

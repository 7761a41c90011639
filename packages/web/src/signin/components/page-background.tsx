import type { CSSProperties, ReactNode } from 'react';

interface Props {
  className?: string;
  style?: CSSProperties;
  children: ReactNode;
}

/** A public page's full-height column on the theme's layout background. */
export function PageBackground({ className, style, children }: Props) {
  return (
    <div
      className={['gh-page', className].filter(Boolean).join(' ')}
      style={{
        display: 'flex',
        flexDirection: 'column',
        flex: 'auto',
        minHeight: '100vh',
        color: 'var(--gh-text)',
        backgroundColor: 'var(--gh-bg-layout)',
        ...style,
      }}
    >
      {children}
    </div>
  );
}

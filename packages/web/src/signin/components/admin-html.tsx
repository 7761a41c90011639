import type { DOMPurify } from 'dompurify';
import { type CSSProperties, useEffect, useState } from 'react';

/** The sanitizer is loaded the first time a page has administrator's HTML to show (most have none). */
let sanitizer: Promise<DOMPurify> | undefined;
const loadSanitizer = () => {
  sanitizer ??= import('dompurify').then((module) => module.default);
  return sanitizer;
};

interface Props {
  html: string;
  className?: string;
  style?: CSSProperties;
}

/**
 * The administrator's HTML (an application's header, footer, side panel, custom sign-in item,
 * sign-up text), sanitized: no scripts or event handlers reach the page.
 */
export function AdminHtml({ html, className, style }: Props) {
  const [clean, setClean] = useState<{ html: string; sanitized: string } | null>(null);
  useEffect(() => {
    if (!html) return;
    let current = true;
    void loadSanitizer().then((purify) => {
      if (current) setClean({ html, sanitized: purify.sanitize(html) });
    });
    return () => {
      current = false;
    };
  }, [html]);
  if (!html || clean?.html !== html) return null;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by DOMPurify.
  return <div className={className} style={style} dangerouslySetInnerHTML={{ __html: clean.sanitized }} />;
}

import type { ReactNode } from 'react';
import { LanguageMenu } from '../../shared/components/language-menu';
import { PageBackground } from './page-background';

/**
 * The frame of a public page's outcome (CAS signed in or out, SAML returning to the service): the
 * language menu, then the result centred.
 */
export function PublicResultLayout({ children }: { children: ReactNode }) {
  return (
    <PageBackground>
      <div className="gh-row gh-end" style={{ padding: 8 }}>
        <LanguageMenu />
      </div>
      <div className="gh-col gh-center" style={{ flex: 1, padding: '0 12px 8vh', alignItems: 'center' }}>
        {children}
      </div>
    </PageBackground>
  );
}

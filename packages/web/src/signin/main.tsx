import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { startI18n } from '../shared/i18n/i18n';
import { PublicApp } from './app';
import { preloadPublicPage } from './routes';

const root = document.getElementById('root');
if (!root) throw new Error('signin.html has no #root element');
// The first render waits for the current language's texts (one small request) and the page's code.
void Promise.all([startI18n('public'), preloadPublicPage(window.location.pathname)]).then(() =>
  createRoot(root).render(
    <StrictMode>
      <PublicApp />
    </StrictMode>,
  ),
);

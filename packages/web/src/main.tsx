import 'antd/dist/reset.css';
import { isPublicPagePath } from '@gatehouse/entities/plain';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, prefetchAccount } from './app';
import { loadAntdLocale } from './i18n/antd-locale';
import { initialLanguage, startI18n } from './i18n/i18n';
import { preloadRoute } from './routes';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// The first render waits for the current language's texts and antd's; meanwhile the account and
// the code of the page asked for are on their way.
if (!isPublicPagePath(window.location.pathname)) {
  prefetchAccount();
  preloadRoute(window.location.pathname);
}
void Promise.all([startI18n('whole'), loadAntdLocale(initialLanguage())]).then(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);

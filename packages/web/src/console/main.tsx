import 'antd/dist/reset.css';
import { isPublicPagePath } from '@gatehouse/entities/plain';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initialLanguage, startI18n } from '../shared/i18n/i18n';
import { App, startLoading } from './app';
import { loadAntdLocale } from './i18n/antd-locale';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// The first render waits for the current language's texts and antd's, and for the account and
// the page's first data (app.tsx startLoading), all asked for at once.
const loading = isPublicPagePath(window.location.pathname) ? undefined : startLoading(window.location.pathname);
void Promise.all([startI18n('whole'), loadAntdLocale(initialLanguage()), loading]).then(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);

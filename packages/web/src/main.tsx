import 'antd/dist/reset.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { loadAntdLocale } from './i18n/antd-locale';
import { initialLanguage, startI18n } from './i18n/i18n';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// The first render waits for the current language's texts and antd's.
void Promise.all([startI18n('whole'), loadAntdLocale(initialLanguage())]).then(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { startI18n } from '../i18n/i18n';
import { PublicApp } from './app';

const root = document.getElementById('root');
if (!root) throw new Error('signin.html has no #root element');
// The first render waits for the current language's texts (one small request).
void startI18n('public').then(() =>
  createRoot(root).render(
    <StrictMode>
      <PublicApp />
    </StrictMode>,
  ),
);

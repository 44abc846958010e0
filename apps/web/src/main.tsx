import './styles/base.css';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createAppRouter } from './app/router';
import { initI18n } from './lib/i18n';
import { applyPrefsToDocument, getPrefs } from './lib/prefs';

applyPrefsToDocument(getPrefs());
const router = createAppRouter();

// The chosen language is loaded before the first render, so nothing flashes in English.
void initI18n().then(() => {
  const el = document.getElementById('app');
  if (!el) throw new Error('#app missing in index.html');
  createRoot(el).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
});

import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { loadAppMessages } from './lib/i18n';

// The app loads its messages with the first page behind the login; components under test need them.
await loadAppMessages();

beforeEach(() => {
  localStorage.clear();
});

afterEach(() => {
  cleanup();
});

/// <reference types="vite/client" />

/** The application version (root package.json), set at build time. */
declare const __APP_VERSION__: string;

/// <reference types="vite/client" />

/** The application version (root package.json), set at build time. */
declare const __APP_VERSION__: string;

/** A locale file cut down to the messages of the public pages (scripts/locale-parts.ts). */
declare module '*.json?public' {
  const messages: { [key: string]: unknown };
  export default messages;
}

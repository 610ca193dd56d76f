/** The build's version (vite.config.ts `define`): the pages and the service worker carry the same one. */
declare const __APP_VERSION__: string;

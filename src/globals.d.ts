/** App version injected by Vite `define` (see scripts/app-version.js). */
declare const __APP_VERSION__: string;

/// <reference types="vite/client" />
/// <reference path="./globals.d.ts" />

/// <reference types="vite/client" />
import type { Api } from '../../shared/contract';

declare global {
  interface Window {
    /** Exposed by the Electron preload; absent in web mode, where `bridge.ts` speaks HTTP instead. */
    api?: Api;
  }
}
export {};

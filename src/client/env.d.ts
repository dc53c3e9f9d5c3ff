/// <reference types="vite/client" />

declare const __BUILD_INFO__: { branch: string; revision: string; date: string };

interface ImportMetaEnv {
  readonly VITE_BUILD_TIER?: string;
}

/** Build branch, revision and date injected by vite (define __BUILD_INFO__). */
export const BUILD_INFO: { branch: string; revision: string; date: string } =
  typeof __BUILD_INFO__ === 'undefined' ? { branch: 'dev', revision: 'dev', date: '' } : __BUILD_INFO__;

export const APP_VERSION = '0.1.0';

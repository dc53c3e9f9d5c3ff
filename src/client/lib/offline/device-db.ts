import type { AppDatabase } from './db';

let opening: Promise<AppDatabase> | null = null;

/**
 * The device database. Its code (Dexie, about 30 KB gzipped) loads on first use, so a page with
 * nobody signed in (the login page) never downloads it.
 */
export function deviceDb(): Promise<AppDatabase> {
  opening ??= import('./db').then((m) => m.appDb());
  return opening;
}

/** Registers the service worker (production builds only); a new version takes over at once. */
export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  // Loaded on its own so the shell bundle stays small.
  const { Workbox } = await import('workbox-window');
  const wb = new Workbox('/sw.js', { scope: '/' });
  wb.addEventListener('waiting', () => wb.messageSkipWaiting());
  await wb.register();
}

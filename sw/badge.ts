/** The app icon's badge (Badging API), where the browser has it; the page and the worker both set it. */
export async function showBadge(nav: Navigator | WorkerNavigator, count: number): Promise<void> {
  if (!('setAppBadge' in nav)) return;
  try {
    if (count > 0) await nav.setAppBadge(count);
    else await nav.clearAppBadge();
  } catch {
    // Not installed, or not allowed here: the badge in the navigation still shows the count.
  }
}

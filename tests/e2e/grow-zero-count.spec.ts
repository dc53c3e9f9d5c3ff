import { expect, test } from '@playwright/test';
import { USERS } from './helpers';
import { apiOf, chartWith, logInAs, openChart, unique, waitForDemoData } from './grow-helpers';

// Issue 13, item 12: the zero-count dialog marks the cause that is true for the audience. An
// audience with no segment attached counts zero because it has nothing to count: not "Deletion".

test.beforeAll(async ({ playwright }, testInfo) => {
  test.setTimeout(180_000);
  await waitForDemoData(playwright, testInfo);
});

for (const viewport of [{ width: 1280, height: 720 }, { width: 1366, height: 768 }]) {
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test('an audience with no segment attached: the dialog names that cause, and marks no deletion', async ({ page }) => {
      test.setTimeout(60_000);
      await logInAs(page, USERS.admin);
      const chart = await chartWith(await apiOf(page), unique('zero'), [
        { name: 'Coast', audiences: [{ name: 'Gamers', segment: 'Gaming' }, { name: 'Unattached', segment: null }] },
      ]);
      await openChart(page, chart.id, chart.name);

      await page.getByRole('button', { name: 'Unattached: Click to learn why this audience has a zero count.' }).click();
      const dialog = page.getByRole('dialog', { name: 'Why does this audience have a zero count?' });
      await expect(dialog).toBeVisible();
      const marked = dialog.getByRole('listitem').filter({ hasText: /The cause for this audience|Most likely for this audience/ });
      await expect(marked).toHaveCount(1);
      await expect(marked).toContainText("There is no Matched segment attached to 'Unattached'.");
      await expect(dialog.getByRole('listitem').filter({ hasText: 'Deletion:' })).not.toContainText('Most likely');
      // The spec's three reasons are still there to read.
      for (const reason of ['Expiration:', 'Membership:', 'Deletion:']) await expect(dialog.getByRole('listitem').filter({ hasText: reason })).toHaveCount(1);
      await dialog.getByRole('button', { name: 'Close' }).click();
      await expect(dialog).toBeHidden();
    });
  });
}

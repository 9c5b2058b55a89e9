import { expect, test } from '@playwright/test';
import { payButton, typeCard, typeEmail } from './support.ts';

// The 3-D Secure dialog fits the viewport at every size from a small phone up: its head and the
// bank's buttons are on screen, nothing of the bank's page is cut off, and only a bank page taller
// than the screen scrolls.

for (const [width, height] of [
  [320, 568],
  [375, 740],
  [768, 1024],
  [1280, 800],
  [1920, 1080],
] as const) {
  test(`the 3-D Secure dialog and its buttons are on screen at ${width}×${height}`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await page.goto('/');
    await typeEmail(page);
    await typeCard(page, { number: '4000000000003220' });
    await payButton(page).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm the payment with your bank' });
    await expect(dialog).toBeVisible();
    const bank = page.frameLocator('gateway-checkout iframe[part="challenge-frame"]');
    await expect(bank.getByRole('button', { name: 'Approve' })).toBeVisible();

    const inside = async (box: { x: number; y: number; width: number; height: number } | null) => {
      expect(box).not.toBeNull();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.y).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(width + 0.5);
      expect(box!.y + box!.height).toBeLessThanOrEqual(height + 0.5);
    };
    await inside(await dialog.boundingBox());
    // On a phone the dialog is the whole screen, as a bank's app page is: no strip of the shop below.
    if (width <= 576 || height <= 576) {
      const box = (await dialog.boundingBox())!;
      expect([Math.round(box.y), Math.round(box.height)]).toEqual([0, height]);
    }
    await inside(await dialog.getByRole('button', { name: 'Cancel' }).boundingBox());
    const fit = await page
      .frameLocator('gateway-checkout iframe[part="challenge-frame"]')
      .locator('html')
      .evaluate((root) => ({
        content: root.scrollHeight,
        room: root.clientHeight,
        wide: root.scrollWidth - root.clientWidth,
      }));
    // Never cut sideways; scrolled only when the page is taller than the room the screen gives.
    expect(fit.wide).toBeLessThanOrEqual(0);
    if (height >= 740) expect(fit.content).toBeLessThanOrEqual(fit.room);
    // The bank's buttons on screen: as they are when the page fits, else once scrolled to, inside
    // the frame (the frame is never cut by the screen).
    for (const name of ['Approve', 'Fail']) {
      const button = bank.getByRole('button', { name });
      if (fit.content > fit.room) await button.scrollIntoViewIfNeeded();
      await inside(await button.boundingBox());
    }
    // The dialog itself never scrolls: its head stays put.
    expect(await dialog.evaluate((d) => d.scrollHeight - d.clientHeight)).toBeLessThanOrEqual(0);

    await bank.getByRole('button', { name: 'Fail' }).click();
    await expect(dialog).toBeHidden();
  });
}

import { expect, test } from '@playwright/test';
import { chooseScenario } from './support.ts';

// The demo's checkout is paid as the visit's cart says, on the shop's server: the page's picker
// posts the scenario there. No address chooses it; names the object inherits are no scenarios.
test('the picker changes the visit’s cart on the server; an address names no scenario', async ({ page }) => {
  await page.goto('/?scenario=two-step');
  const picker = page.getByRole('form', { name: 'Payment scenario' });
  await expect(picker.getByRole('button', { pressed: true })).toHaveText('Pay now');
  await picker.getByRole('button', { name: 'Reserve, capture on shipping' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(picker.getByRole('button', { pressed: true })).toHaveText('Reserve, capture on shipping');
  // The session endpoint says the same, whatever its address asks.
  const config = await (await page.request.get('/checkout/session?scenario=save-card')).json();
  expect(config).toMatchObject({ save: null, two_step: true });
  await chooseScenario(page, 'save-card');
  expect(await (await page.request.get('/checkout/session')).json()).toMatchObject({
    save: { method: 'one-click', consent_required: true },
  });
});

for (const name of ['__proto__', 'constructor', 'toString', 'nope']) {
  test(`the picker refuses "${name}": the cart stays as it was`, async ({ page }) => {
    await page.goto('/');
    const res = await page.request.post('/scenario', { form: { scenario: name }, maxRedirects: 0 });
    expect(res.status()).toBe(400);
    expect(await res.text()).toMatch(/^scenario: must be one of one-step, /);
    await page.reload();
    await expect(
      page.getByRole('form', { name: 'Payment scenario' }).getByRole('button', { pressed: true }),
    ).toHaveText('Pay now');
  });
}

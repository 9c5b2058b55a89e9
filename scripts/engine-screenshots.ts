// Draws the demo shop's card form in Chromium, Firefox and WebKit into docs/engines/<engine>.png,
// through the same drivers as the end-to-end specs, with a card typed in. Needs a running demo:
//   npm run demo   (then, beside it)   tsx scripts/engine-screenshots.ts [http://127.0.0.1:5173]
import { writeFile } from 'node:fs/promises';
import { ENGINES } from '../test/support/engines/driver.ts';
import { startEngine } from '../test/support/engines/host.ts';

const shop = process.argv[2] ?? `http://127.0.0.1:${process.env.DEMO_PORT || 5173}`;
const field = (name: string) => ({ role: 'textbox', name }) as const;

for (const engine of ENGINES) {
  const host = await startEngine(engine);
  try {
    const driver = await host.open(shop);
    await driver.goto('/');
    await driver.type(field('E-mail'), 'anna@example.com');
    await driver.type(field('Card number'), '378282246310005');
    await driver.type(field('Expiry date'), '1229');
    await driver.type(field('Security code'), '1234');
    await driver.type(field('Cardholder name'), 'Anna Berzina');
    // The card form at the top of the window, as the customer sees it on arrival.
    await driver.evaluate(() =>
      document.querySelector('gateway-checkout')?.scrollIntoView({ block: 'start' }),
    );
    await writeFile(`docs/engines/${engine}.png`, await driver.screenshot());
    await driver.close();
    console.log(`docs/engines/${engine}.png`);
  } finally {
    await host.stop();
  }
}

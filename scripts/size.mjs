// Fails when the script-tag bundle grows past its budget (issue 5: 32 kB gzip, everything
// included). Measured as TOOLCHAIN.md measures the floors: minified, gzip -9.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET = 32_000;
const file = join(import.meta.dirname, '..', 'dist', 'gateway-checkout.iife.js');
const bytes = readFileSync(file);
const gzip = gzipSync(bytes, { level: 9 }).length;
const line = `dist/gateway-checkout.iife.js: ${(bytes.length / 1000).toFixed(1)} kB, ${(gzip / 1000).toFixed(2)} kB gzip (budget ${BUDGET / 1000} kB)`;
if (gzip > BUDGET) {
  console.error(
    `${line}: over budget by ${gzip - BUDGET} bytes. Find what takes the space before raising the budget.`,
  );
  process.exit(1);
}
console.log(line);

/**
 * `gateway-checkout doctor`: proves a merchant's real set-up before the first customer does. Each
 * check asks the real thing (the gateway with the key, the checkout page, the bundle's folder, the
 * webhook receiver, DNS) and says ✔, or ✘ with the fix in words. It makes one unpaid order and
 * cancels it, and sends nothing the gateway would charge.
 *
 * ```ts
 * import { runDoctor, formatDoctorReport } from 'gateway-checkout/server';
 * const report = await runDoctor({ baseUrl, secretKey, page: 'https://shop.example/checkout' });
 * console.log(formatDoctorReport(report));
 * if (!report.ok) process.exit(1);
 * ```
 */

import { checkBundle } from './bundle.ts';
import { createContext } from './context.ts';
import { checkCspConnect, checkCspFrames, checkCspScripts, checkCspTrustedTypes } from './csp.ts';
import { checkDomains } from './domains.ts';
import { checkKey, checkKeySet } from './key.ts';
import { loadPage } from './page.ts';
import { checkProbeOrder } from './probe-order.ts';
import { checkSiblings } from './siblings.ts';
import { checkStatusSecret } from './status-secret.ts';
import { checkTransport } from './transport.ts';
import type { CheckResult, DoctorOptions, DoctorReport } from './types.ts';
import { checkReceiver, checkSubscription } from './webhooks.ts';

export type { CheckResult, CheckStatus, DoctorOptions, DoctorReport } from './types.ts';

/** Runs every check in order (later ones use what earlier ones learnt) and returns the report. */
export async function runDoctor(options: DoctorOptions): Promise<DoctorReport> {
  for (const [name, value] of [
    ['baseUrl', options.baseUrl],
    ['page', options.page],
    ['fieldsOrigin', options.fieldsOrigin],
    ['webhookUrl', options.webhookUrl],
  ] as const)
    if (value !== undefined && !URL.canParse(value))
      throw new TypeError(`runDoctor: ${name} must be an absolute URL`);
  if (!options.secretKey) throw new TypeError('runDoctor: secretKey is required');
  const ctx = createContext(options);
  const checks: CheckResult[] = [];
  checks.push(await checkKey(ctx));
  checks.push(await checkProbeOrder(ctx));
  checks.push(checkKeySet(ctx));
  checks.push(await loadPage(ctx));
  checks.push(await checkTransport(ctx));
  checks.push(checkCspScripts(ctx), checkCspConnect(ctx), checkCspFrames(ctx), checkCspTrustedTypes(ctx));
  checks.push(await checkBundle(ctx));
  checks.push(await checkSiblings(ctx));
  checks.push(checkSubscription(ctx));
  checks.push(await checkReceiver(ctx));
  checks.push(await checkDomains(ctx));
  checks.push(checkStatusSecret(ctx));
  return { ok: checks.every((check) => check.status !== 'fail'), checks };
}

const MARK = { pass: '✔', fail: '✘', skip: '–' } as const;

/** One line per check (✔; ✘ with its fix; – not checked, saying what to give), and a summary. */
export function formatDoctorReport(report: DoctorReport): string {
  const lines = report.checks.map(
    (check) =>
      `${MARK[check.status]} ${check.title}: ${check.detail}${check.fix ? `. Fix: ${check.fix}` : ''}`,
  );
  const failed = report.checks.filter((check) => check.status === 'fail').length;
  lines.push(
    '',
    failed ? `${failed} check${failed === 1 ? '' : 's'} failed.` : 'Every check passed: ready for customers.',
  );
  return lines.join('\n');
}

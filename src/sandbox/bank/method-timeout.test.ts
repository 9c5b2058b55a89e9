// Conformance: the gateway's 3-D Secure page waits for the bank's 3DS Method at most its timeout,
// then goes on to the challenge without it; an answer in time sends it on at once. The page's own
// script runs in headless Chromium against the sandbox over HTTP: the timer is the browser's.
import { type Browser, chromium, type Page } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumLaunchOptions } from '../../../test/support/chromium.ts';
import type { Sandbox } from '../index.ts';
import { METHOD_TIMEOUT_MS } from '../pages/challenge.ts';
import { api, cardBody, createOrder, pay, sandbox } from '../test-helpers.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await chromium.launch(chromiumLaunchOptions);
});
afterAll(() => browser?.close());

/**
 * When the page was asked for, and when its POSTs to the bank's method, the gateway's notification
 * and the bank's ACS were seen leaving (seen here, so never earlier than they left).
 */
interface Timeline {
  opened: number;
  method?: number;
  notified?: number;
  acs?: number;
}

/** Opens a 3-D Secure payment's page in a fresh browser page, noting when each POST leaves. */
async function openChallenge(sb: Sandbox): Promise<{ page: Page; timeline: Timeline; order: string }> {
  const order = await createOrder(sb);
  const answer = await pay(order, cardBody('4000000000003220'));
  const url = answer.body.threed_check_url as string;
  const page = await browser.newPage();
  const timeline: Timeline = { opened: Date.now() };
  page.on('request', (request) => {
    if (request.method() !== 'POST') return;
    const at = Date.now();
    if (request.url() === `${sb.bankUrl}/method/`) timeline.method ??= at;
    else if (request.url() === `${url}method/`) timeline.notified ??= at;
    else if (request.url() === `${sb.bankUrl}/acs/`) timeline.acs ??= at;
  });
  await page.goto(url);
  return { page, timeline, order: order.id as string };
}

/** The person approves at the bank; the order is paid. */
async function approve(sb: Sandbox, page: Page, order: string) {
  await page.getByRole('button', { name: 'Approve' }).click();
  await page.getByText('3-D Secure check complete').waitFor({ timeout: 10_000 });
  expect((await api(sb).get(`/orders/${order}/`)).body.status).toBe('paid');
}

describe('the 3DS Method’s timeout', () => {
  it('is EMV’s 10 seconds unless a test shortens it', async () => {
    expect(METHOD_TIMEOUT_MS).toBe(10_000);
    const short = await sandbox({ methodTimeoutMs: 1500, distDir: null });
    try {
      const order = await createOrder(short);
      const url = (await pay(order, cardBody('4000000000003220'))).body.threed_check_url as string;
      expect(await (await fetch(url)).text()).toContain('"timeout":1500');
    } finally {
      await short.close();
    }
  });

  it('goes on to the challenge without the answer of a bank that never sends one', async () => {
    // The bank's page would answer after a minute: long past the gateway's 1.5 s.
    const sb = await sandbox({ methodDelayMs: 60_000, methodTimeoutMs: 1500, distDir: null });
    try {
      const { page, timeline, order } = await openChallenge(sb);
      await page.getByRole('button', { name: 'Approve' }).waitFor({ timeout: 15_000 });
      expect(timeline.method).toBeDefined();
      expect(timeline.notified).toBeUndefined();
      // Not before the timeout: the page waited for the answer that never came.
      expect(timeline.acs! - timeline.opened).toBeGreaterThanOrEqual(1500);
      await approve(sb, page, order);
    } finally {
      await sb.close();
    }
  });

  it('goes on as soon as the bank answers in time, without waiting out the timeout', async () => {
    const sb = await sandbox({ methodDelayMs: 200, methodTimeoutMs: 8000, distDir: null });
    try {
      const { page, timeline, order } = await openChallenge(sb);
      await page.getByRole('button', { name: 'Approve' }).waitFor({ timeout: 15_000 });
      // The gateway heard the bank's answer, and only then was the challenge asked for.
      expect(timeline.notified).toBeGreaterThanOrEqual(timeline.method!);
      expect(timeline.acs).toBeGreaterThanOrEqual(timeline.notified!);
      expect(timeline.acs! - timeline.opened).toBeLessThan(8000);
      await approve(sb, page, order);
    } finally {
      await sb.close();
    }
  });
});

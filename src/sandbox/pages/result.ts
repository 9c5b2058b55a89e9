/**
 * The gateway's own result page for a card form posted to `direct_post` when the order sets no
 * success_redirect / failure_redirect: what happened to the payment, in words a customer reads.
 */
import { declineReason } from '../../protocol/index.ts';
import type { OrderRecord } from '../records.ts';
import { escapeHtml, money, page } from './layout.ts';

const HEADLINES: Partial<Record<OrderRecord['status'], [string, string]>> = {
  paid: ['Payment complete', 'good'],
  hold: ['Payment authorised', 'good'],
  rejected: ['Payment declined', 'bad'],
  in_progress: ['Payment in progress', 'wait'],
  issued: ['Awaiting payment', 'wait'],
};

export function resultPage(o: OrderRecord, json: { transaction_details?: unknown }): string {
  const [headline, tone] = HEADLINES[o.status] ?? [`Order ${o.status}`, 'wait'];
  const reason =
    o.status === 'rejected' ? declineReason(json as Parameters<typeof declineReason>[0]) : undefined;
  const card = o.card ? `<dt>Card</dt><dd>${escapeHtml(o.card.brand)} ${escapeHtml(o.card.masked)}</dd>` : '';
  return page(
    headline,
    `<main><h1>${escapeHtml(headline)}</h1>
<p class="${tone}">${reason ? `${escapeHtml(reason)}. ` : ''}Order status: <strong data-status>${escapeHtml(o.status)}</strong></p>
<dl><dt>Order</dt><dd>${escapeHtml(o.number)}</dd>
<dt>Amount</dt><dd>${escapeHtml(money(o.totalMinor, o.request.currency ?? 'EUR'))}</dd>${card}</dl>
<p>You can close this window.</p></main>`,
  );
}

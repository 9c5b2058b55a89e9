// The page the gateway's hosted pages send the customer back to: the shop reads the order itself.
import { declineText } from '../../src/elements/checkout/checkout-messages.ts';
import { texts as en } from '../../src/elements/i18n/languages/en.ts';
import { declineReason, outcomeOf } from '../../src/protocol/order.ts';
import type { Order } from '../../src/server/index.ts';
import { escapeHtml, money, STYLE } from '../pages.ts';
import { MERCHANT_NAME } from '../scenarios.ts';

/** What the return page says for each way an order can stand, in the customer's words. */
function returnWords(order: Order | null): { heading: string; lines: string[]; waiting: boolean } {
  if (!order) {
    return {
      heading: 'We could not find this order',
      lines: ['If you paid, your confirmation e-mail has the details.'],
      waiting: false,
    };
  }
  const amount = order.total != null ? money(order.total) : '';
  const zero = order.total === 0;
  switch (outcomeOf(order.status)) {
    case 'succeeded':
      return zero
        ? {
            heading: 'Your card is saved',
            lines: ['Nothing was charged. You can pay with it next time.'],
            waiting: false,
          }
        : {
            heading: 'Thank you, your payment went through',
            lines: [`We have received ${amount}. A confirmation is on its way to your e-mail.`],
            waiting: false,
          };
    case 'held':
      return {
        heading: 'Thank you, your order is confirmed',
        lines: [`${amount} is reserved on your card and charged when your order ships.`],
        waiting: false,
      };
    case 'declined': {
      const reason = declineReason(order);
      return {
        heading: 'The payment did not go through',
        lines: [
          reason ? declineText(en, reason) : en.errorRetry,
          'Nothing was charged. You can try again with the same or another card.',
        ],
        waiting: false,
      };
    }
    case 'cancelled':
      return {
        heading: 'The payment was cancelled',
        lines: ['Nothing was charged. Your basket is waiting for you.'],
        waiting: false,
      };
    case 'refunded':
      return {
        heading: 'This payment was refunded',
        lines: [`${amount} is on its way back to your card.`],
        waiting: false,
      };
    default:
      // Not known yet (the bank's check, a slow answer): never called a failure, and looked at again.
      return {
        heading: 'We are confirming your payment',
        lines: [en.errorUnconfirmed, 'This page updates by itself.'],
        waiting: true,
      };
  }
}

/** Where the gateway's pages send the customer back: the shop reads the order itself. */
export function renderReturnPage(order: Order | null): string {
  const { heading, lines, waiting } = returnWords(order);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
${waiting ? '<meta http-equiv="refresh" content="5">' : ''}
<title>${escapeHtml(heading)} · ${MERCHANT_NAME}</title><style>${STYLE}</style></head>
<body><header><strong>${MERCHANT_NAME}</strong></header>
<main style="display:block"><section>
<h1>${escapeHtml(heading)}</h1>
${order?.number ? `<p>Order number <strong id="order-number">${escapeHtml(order.number)}</strong></p>` : ''}
${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
<p><a href="/">Back to the shop</a></p>
</section></main></body></html>`;
}

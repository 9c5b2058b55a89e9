import { html, type TemplateResult } from 'lit';
import type { FlowResult } from '../../flow/outcome.ts';
import type { Catalog } from '../i18n/index.ts';
import { errorText, resultText, type View } from './checkout-messages.ts';

const BUSY: ReadonlySet<View> = new Set(['creating', 'paying', 'challenge', 'verifying']);

/** A payment is under way: nothing may start another. */
export function isBusy(view: View): boolean {
  return BUSY.has(view);
}

/** The last payment has an outcome (MOTO offers "New payment"; the hosted frame goes). */
export function isFinished(view: View): boolean {
  return view === 'succeeded' || view === 'declined' || view === 'failed';
}

/**
 * The message of a decline or failure (the alert region), in the language of the moment. A decline
 * reason in the gateway's own words (always English) is marked as English, so a screen reader reads
 * it with an English voice inside a sentence in the customer's language.
 */
export function alertText(
  t: Catalog,
  configFailed: boolean,
  result: FlowResult | null,
  idle: boolean,
): string | TemplateResult {
  if (configFailed) return errorText(t, 'config');
  if (!result || result.kind === 'succeeded' || !idle) return '';
  const text = resultText(t, result);
  const reason = result.kind === 'declined' && result.reason;
  const [before, ...after] = reason ? text.split(reason) : [];
  return after.length ? html`${before}<span lang="en">${reason}</span>${after.join(reason as string)}` : text;
}

/** The last payment's outcome is unknown: the button asks the status before anything is paid. */
export function mustCheckStatus(result: FlowResult | null): boolean {
  return result?.kind === 'failed' && (!result.canRetry || result.error.type === 'unconfirmed');
}

/** A 3-D Secure check was closed before it finished, and may be opened again. */
export function reopenable(result: FlowResult | null, idle: boolean): boolean {
  return idle && result?.kind === 'failed' && result.reopenable === true;
}

export function canRetry(result: FlowResult | null): boolean {
  return result?.kind !== 'failed' || result.canRetry;
}

/** The pay button's words: what it will do when pressed. */
export function payLabel(
  t: Catalog,
  view: View,
  result: FlowResult | null,
  busy: boolean,
  amount: number | null,
  formatted: string,
): string {
  if ((view === 'failed' || view === 'unconfirmed') && mustCheckStatus(result)) return t.checkStatus;
  if (busy) return t.processing;
  // Nothing is charged: the card is verified and saved, and the button says so.
  if (amount === 0) return t.saveCard;
  return formatted ? t.payAmount(formatted) : t.pay;
}

import { render } from '@lit-labs/ssr';
import { collectResult, collectResultSync } from '@lit-labs/ssr/lib/render-result.js';
import type { TemplateResult } from 'lit';

/**
 * Lit styles are kept as written in the source (white space, comments): in a page's HTML that is
 * bytes the customer waits for. CSS has no meaningful runs of spaces outside strings, and ours have
 * no strings with them.
 */
const compactStyles = (markup: string) =>
  markup.replace(
    /<style>([\s\S]*?)<\/style>/g,
    (_m, css: string) =>
      `<style>${css
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/\s+/g, ' ')
        .replace(/ ?([{};,>]) ?/g, '$1')
        .replace(/;}/g, '}')
        .trim()}</style>`,
  );

/** A template with our elements in it, rendered by Lit's server renderer, as HTML. */
export async function renderHtml(template: TemplateResult): Promise<string> {
  return compactStyles(await collectResult(render(template)));
}

/** The same, all in this turn: for a render that depends on state of the moment (the page's address). */
export function renderHtmlSync(template: TemplateResult): string {
  return compactStyles(collectResultSync(render(template)));
}

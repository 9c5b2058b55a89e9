import { expect } from '@open-wc/testing';
import { describe, it } from 'vitest';
import { loadSibling, SIBLING_EVENT } from './sibling-script.ts';

// The script-tag bundle's loader of its siblings, against real script elements: what runs is only
// a file whose bytes match the hash, and only that file can hand its part over.

const hand = (value: string) =>
  `document.currentScript.dispatchEvent(new CustomEvent(${JSON.stringify(SIBLING_EVENT)}, { detail: { value: ${JSON.stringify(value)} } }));`;

async function integrityOf(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-384', new TextEncoder().encode(text)));
  return `sha384-${btoa(String.fromCharCode(...digest))}`;
}

const fileOf = (text: string) => URL.createObjectURL(new Blob([text], { type: 'text/javascript' }));

describe('loadSibling', () => {
  it('runs a file whose bytes match its hash and resolves with what it hands over', async () => {
    const text = hand('genuine');
    const part = await loadSibling(fileOf(text), await integrityOf(text));
    expect(part).to.deep.equal({ value: 'genuine' });
    expect(document.querySelectorAll('script[integrity]')).to.have.length(0);
  });

  it('refuses a file changed by one byte: nothing of it runs', async () => {
    const genuine = hand('genuine');
    const tampered = `${hand('tampered')};window.__tamperedRan = true;`;
    let error: unknown = null;
    await loadSibling(fileOf(tampered), await integrityOf(genuine)).catch((e: unknown) => (error = e));
    expect(String(error)).to.match(/refused or not found/);
    expect((window as { __tamperedRan?: boolean }).__tamperedRan).to.equal(undefined);
  });

  it('loads each file once, however many parts ask for it', async () => {
    const text = `window.__runs = (window.__runs ?? 0) + 1;${hand('once')}`;
    const [file, integrity] = [fileOf(text), await integrityOf(text)];
    const parts = await Promise.all([loadSibling(file, integrity), loadSibling(file, integrity)]);
    await loadSibling(file, integrity);
    expect(parts).to.deep.equal([{ value: 'once' }, { value: 'once' }]);
    expect((window as { __runs?: number }).__runs).to.equal(1);
  });

  it('takes no part from another script that fires the event on its element', async () => {
    // The genuine file hands nothing over; a page script tries to pass a part off as its.
    const text = 'window.__quiet = true;';
    const observer = new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes)
          if (node instanceof HTMLScriptElement && node.integrity)
            node.dispatchEvent(new CustomEvent(SIBLING_EVENT, { detail: { value: 'forged' } }));
    });
    observer.observe(document.head, { childList: true });
    let error: unknown = null;
    const part = await loadSibling(fileOf(text), await integrityOf(text)).catch((e: unknown) => (error = e));
    observer.disconnect();
    expect(part).to.not.deep.equal({ value: 'forged' });
    expect(String(error)).to.match(/handed no part over/);
  });

  it('rejects a file that is not there', async () => {
    let error: unknown = null;
    await loadSibling(`${location.origin}/no-such-sibling.js`, await integrityOf('x')).catch(
      (e: unknown) => (error = e),
    );
    expect(String(error)).to.match(/refused or not found/);
  });
});

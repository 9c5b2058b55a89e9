import { expect } from '@open-wc/testing';
import { afterEach, describe, it } from 'vitest';
import type { FromFrame } from '../shared/messages.ts';
import { RELAY_SCRIPT } from '../shared/relay-page.ts';
import { RelayedPost } from './direct-post-send.ts';

// The fields' side of a Direct Post against the relay page's own script, in frames of this test's
// origin (as the fields and their relay share theirs). The relay's form is caught as it is
// submitted: what it would send, and how many times.

const DIRECT = 'https://gateway.example/direct/abc/';
const FIELDS: [string, string][] = [
  ['number', '4111111111111111'],
  ['exp_month', '05'],
  ['csc', '737'],
];

interface Relay {
  readonly frame: HTMLIFrameElement;
  submitted(): Array<{ action: string; method: string; target: string; fields: [string, string][] }>;
}

const made: HTMLIFrameElement[] = [];
afterEach(() => {
  for (const frame of made.splice(0)) frame.remove();
});

/** A relay page in a frame named `name` (its script, or none: a page that is not the relay). */
function relay(name: string, withScript = true): Promise<Relay> {
  const frame = document.createElement('iframe');
  frame.name = name;
  const catcher = `window.submitted=[];HTMLFormElement.prototype.submit=function(){window.submitted.push({action:this.action,method:this.method,target:this.target,fields:[...new FormData(this)].map(([k,v])=>[k,String(v)])})};`;
  frame.srcdoc = `<!doctype html><body><script>${catcher}${withScript ? RELAY_SCRIPT : ''}</script></body>`;
  made.push(frame);
  return new Promise((resolve) => {
    frame.onload = () =>
      resolve({
        frame,
        submitted: () =>
          (frame.contentWindow as unknown as { submitted: ReturnType<Relay['submitted']> }).submitted,
      });
    document.body.append(frame);
  });
}

/** The fields' sender for press 1, the page's messages heard, and the page naming `name`. */
function fields(name: string | null) {
  const relayed = new RelayedPost();
  const heard: FromFrame[] = [];
  const link = {
    send: (message: FromFrame) => {
      heard.push(message);
      if (message.type === 'direct-post' && name) queueMicrotask(() => relayed.named(message.id, name));
    },
  };
  return { relayed, heard, send: relayed.sender(1, link) };
}

describe('the fields send a Direct Post through their relay page', () => {
  it('ask the page for its frame, and hand the form to the relay there, which sends it once, into its own frame', async () => {
    const one = await relay('gateway-direct-post-one');
    const f = fields('gateway-direct-post-one');
    expect(await f.send(DIRECT, FIELDS)).to.equal(null);
    expect(f.heard).to.deep.equal([{ type: 'direct-post', id: 1 }]);
    expect(one.submitted()).to.deep.equal([{ action: DIRECT, method: 'post', target: '', fields: FIELDS }]);
  });

  it('send nothing when the frame named is not a relay page, or when two relays share the name', async () => {
    const plain = await relay('gateway-direct-post-plain', false);
    expect(await fields('gateway-direct-post-plain').send(DIRECT, FIELDS)).to.equal('relay-foreign');
    expect(plain.submitted()).to.deep.equal([]);

    const [a, b] = await Promise.all([
      relay('gateway-direct-post-twice'),
      relay('gateway-direct-post-twice'),
    ]);
    expect(await fields('gateway-direct-post-twice').send(DIRECT, FIELDS)).to.equal('relay-foreign');
    expect([...a.submitted(), ...b.submitted()]).to.deep.equal([]);
  });

  it('a relay in a frame of another name stays silent, and a name for another press is not taken', async () => {
    const other = await relay('gateway-direct-post-other');
    expect(await fields('gateway-direct-post-missing').send(DIRECT, FIELDS)).to.equal('relay-foreign');
    expect(other.submitted()).to.deep.equal([]);

    const mine = await relay('gateway-direct-post-mine');
    const f = fields(null);
    const sending = f.send(DIRECT, FIELDS);
    f.relayed.named(2, 'gateway-direct-post-other');
    f.relayed.named(1, 'gateway-direct-post-mine');
    expect(await sending).to.equal(null);
    expect(mine.submitted()).to.have.length(1);
    expect(other.submitted()).to.deep.equal([]);
  });
});

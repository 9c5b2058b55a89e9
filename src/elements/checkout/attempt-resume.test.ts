import { ReactiveElement } from 'lit';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AttemptRecord } from '../../flow/payment-flow.ts';
import type { CheckoutSession } from '../../protocol/session.ts';
import { AttemptResume } from './attempt-resume.ts';

// The record of a payment attempt: whose it is, who may pick it up, and when it goes.

class ResumeHost extends ReactiveElement {}
customElements.define('attempt-resume-host', ResumeHost);

const SESSION: CheckoutSession = {
  order_id: 'ord_1',
  api_do_url: 'https://gw.example/do/ord_1',
  status_url: '/checkout/status?order=ord_1&token=t',
  amount: 32.25,
  currency: 'EUR',
  language: 'en',
  avs: 'off',
  save: null,
  moto: false,
  iframe_checkout: null,
  full_page_checkout: null,
};
const RECORD: AttemptRecord = { session: SESSION, challengeUrl: 'https://gw.example/3ds/abc/' };

function resumeOf(checkout: string | undefined, busy = () => false) {
  const host = document.createElement('attempt-resume-host') as ResumeHost;
  const resume = new AttemptResume(host, busy, () => checkout);
  document.body.append(host);
  return { host, resume };
}

/** The one record this tab keeps, as stored. */
function stored(): Record<string, unknown> | null {
  const keys = Object.keys(sessionStorage);
  return keys.length ? (JSON.parse(sessionStorage.getItem(keys[0]!)!) as Record<string, unknown>) : null;
}

/** Makes the stored record look as if another document (the page before a reload) wrote it. */
function writtenByAnotherPage(): void {
  const key = Object.keys(sessionStorage)[0]!;
  sessionStorage.setItem(key, JSON.stringify({ ...stored(), page: 'the-page-before' }));
}

/** How this document says it was entered (Navigation Timing). */
function enteredBy(type: NavigationTimingType, url = location.href): void {
  vi.spyOn(performance, 'getEntriesByType').mockReturnValue([
    { type, name: url } as unknown as PerformanceNavigationTiming,
  ]);
}

describe('AttemptResume', () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => {
    vi.restoreAllMocks();
    sessionStorage.clear();
    for (const host of document.querySelectorAll('attempt-resume-host')) host.remove();
  });

  it('is picked up by its own checkout in the visit that wrote it, until it is cleared', async () => {
    const { resume } = resumeOf('/checkout/session');
    resume.save(RECORD);
    expect(stored()).toMatchObject({ checkout: '/checkout/session', session: { order_id: 'ord_1' } });
    const again = resumeOf('/checkout/session').resume;
    expect(await again.take()).toEqual(RECORD);
    // Taken is not gone: a reload while the status is asked finds it again.
    expect(await again.take()).toEqual(RECORD);
    again.clear();
    expect(await again.take()).toBeNull();
    expect(sessionStorage.length).toBe(0);
  });

  it('is dropped, not picked up, by a new checkout on the same address: another session-url or order', async () => {
    resumeOf('/checkout/session?cart=1').resume.save(RECORD);
    expect(await resumeOf('/checkout/session?cart=2').resume.take()).toBeNull();
    expect(sessionStorage.length).toBe(0);

    resumeOf('https://gw.example/do/ord_1').resume.save(RECORD);
    expect(await resumeOf('https://gw.example/do/ord_2').resume.take()).toBeNull();
    expect(sessionStorage.length).toBe(0);
  });

  it('written by another page, is picked up only after a reload or back/forward at the same address', async () => {
    const { resume } = resumeOf('/checkout/session');

    resume.save(RECORD);
    writtenByAnotherPage();
    enteredBy('navigate');
    expect(await resume.take()).toBeNull();
    expect(sessionStorage.length).toBe(0);

    resume.save(RECORD);
    writtenByAnotherPage();
    // A single-page app reloaded on another of its routes, then routed to the checkout.
    enteredBy('reload', new URL('/shop/cart', location.href).href);
    expect(await resume.take()).toBeNull();
    expect(sessionStorage.length).toBe(0);

    resume.save(RECORD);
    writtenByAnotherPage();
    enteredBy('reload');
    expect(await resume.take()).toEqual(RECORD);
    // Now this page's: still there for this visit, whatever it was entered by.
    expect(stored()?.page).not.toBe('the-page-before');
    enteredBy('navigate');
    expect(await resume.take()).toEqual(RECORD);

    writtenByAnotherPage();
    enteredBy('back_forward');
    expect(await resume.take()).toEqual(RECORD);
  });

  it('is dropped an hour after the payment, however often it was picked up since, and when it cannot be read', async () => {
    const { resume } = resumeOf('/checkout/session');
    const now = Date.now();
    resume.save(RECORD);
    const clock = vi.spyOn(Date, 'now').mockReturnValue(now + 50 * 60 * 1000);
    expect(await resume.take()).toEqual(RECORD);
    clock.mockReturnValue(now + 60 * 60 * 1000 + 1);
    expect(await resume.take()).toBeNull();
    expect(sessionStorage.length).toBe(0);
    vi.restoreAllMocks();

    resume.save(RECORD);
    const key = Object.keys(sessionStorage)[0]!;
    sessionStorage.setItem(key, '{"savedAt":');
    expect(await resume.take()).toBeNull();
    expect(sessionStorage.length).toBe(0);
  });

  it('is neither picked up nor dropped by a checkout that does not know yet which checkout it is', async () => {
    resumeOf('/checkout/session').resume.save(RECORD);
    const unconfigured = resumeOf(undefined).resume;
    expect(await unconfigured.take()).toBeNull();
    unconfigured.save(RECORD);
    expect(stored()?.checkout).toBe('/checkout/session');
  });

  it('is one per checkout on a page with several (by id)', async () => {
    const a = resumeOf('/checkout/session');
    a.host.id = 'first';
    const b = resumeOf('/checkout/session');
    b.host.id = 'second';
    a.resume.save(RECORD);
    expect(await b.resume.take()).toBeNull();
    expect(await a.resume.take()).toEqual(RECORD);
  });

  it('asks before the page is left only while paying, never for its own navigation, and again after the back/forward cache', async () => {
    let busy = false;
    const added = vi.spyOn(window, 'addEventListener');
    const { host, resume } = resumeOf('/checkout/session', () => busy);
    await host.updateComplete;
    const leave = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(leave()).toBe(false);
    // Idle, it does not listen at all: such a page stays eligible for the back/forward cache.
    expect(added.mock.calls.filter(([type]) => type === 'beforeunload')).toHaveLength(0);

    busy = true;
    host.requestUpdate();
    await host.updateComplete;
    expect(leave()).toBe(true);
    resume.navigating();
    expect(leave()).toBe(false);
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    expect(leave()).toBe(true);

    busy = false;
    host.requestUpdate();
    await host.updateComplete;
    expect(leave()).toBe(false);
  });
});

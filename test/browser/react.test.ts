// gateway-checkout/react in Chromium: props reach the elements as properties, and every documented
// event reaches its callback, the current one after a re-render.
import { act, type ComponentType, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { GATEWAY_ELEMENT_EVENTS } from '../../src/frameworks/elements.generated.ts';
import { callbackName } from '../../src/frameworks/types.ts';
import * as components from '../../src/react/index.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const COMPONENT_OF = {
  'gateway-checkout': components.GatewayCheckout,
  'gateway-card-form': components.GatewayCardForm,
  'gateway-billing-address': components.GatewayBillingAddress,
  'gateway-save-consent': components.GatewaySaveConsent,
} as const;

let root: Root | null = null;
let host: HTMLElement | null = null;
afterEach(() => {
  act(() => root?.unmount());
  host?.remove();
  root = host = null;
});

function render(element: ReturnType<typeof createElement>) {
  host ??= document.body.appendChild(document.createElement('div'));
  root ??= createRoot(host);
  act(() => root!.render(element));
  return host;
}

describe('gateway-checkout/react', () => {
  it('sets props as properties of the upgraded elements', async () => {
    const el = render(
      createElement(components.GatewayCheckout, {
        sessionUrl: '/nowhere/session',
        presentation: 'iframe',
        moto: true,
      }),
    ).querySelector('gateway-checkout')!;
    expect(customElements.get('gateway-checkout')).toBeDefined();
    expect(el.sessionUrl).toBe('/nowhere/session');
    expect(el.presentation).toBe('iframe');
    expect(el.moto).toBe(true);
    await el.updateComplete;
    expect(el.getAttribute('presentation')).toBe('iframe');
  });

  for (const [tag, events] of Object.entries(GATEWAY_ELEMENT_EVENTS)) {
    it(`calls a callback for every event of <${tag}>: ${events.map(callbackName).join(', ')}`, () => {
      const seen: string[] = [];
      const props = (round: number) =>
        Object.fromEntries(
          events.map((e) => [callbackName(e), (ev: Event) => seen.push(`${round}:${ev.type}`)]),
        );
      // Each component's callbacks are typed; this loop goes over all of them by name.
      const Component = COMPONENT_OF[tag as keyof typeof COMPONENT_OF] as unknown as ComponentType<
        Record<string, unknown>
      >;
      const el = render(createElement(Component, props(1))).querySelector(tag)!;
      const fire = () => {
        for (const type of events) el.dispatchEvent(new CustomEvent(type, { detail: {}, bubbles: true }));
      };
      fire();
      // A re-render with new callbacks replaces the old ones rather than adding to them.
      render(createElement(Component, props(2)));
      fire();
      expect(seen).toEqual([...events.map((e) => `1:${e}`), ...events.map((e) => `2:${e}`)]);
    });
  }

  const FIELD_COMPONENTS = {
    'gateway-card-form': components.GatewayCardForm,
    'gateway-billing-address': components.GatewayBillingAddress,
    'gateway-save-consent': components.GatewaySaveConsent,
  } as const;

  for (const [tag, Component] of Object.entries(FIELD_COMPONENTS)) {
    it(`<${tag}>: a disabled prop and a disabled fieldset lock its inputs, and unlock them when both go`, async () => {
      const view = (own: boolean, fieldset: boolean) =>
        createElement(
          'form',
          null,
          createElement(
            'fieldset',
            { disabled: fieldset },
            createElement(Component as ComponentType<{ disabled: boolean }>, { disabled: own }),
          ),
        );
      const el = render(view(false, false)).querySelector(tag) as HTMLElement & {
        updateComplete: Promise<boolean>;
      };
      const inputs = async () => {
        await el.updateComplete;
        return [...el.shadowRoot!.querySelectorAll('input, select')].map(
          (c) => (c as HTMLInputElement).disabled,
        );
      };
      const all = async (disabled: boolean) => (await inputs()).every((d) => d === disabled);
      expect((await inputs()).length).toBeGreaterThan(0);
      expect(await all(false)).toBe(true);
      // As a checkout page locks the fields while paying, and unlocks them for a retry.
      for (const [own, fieldset] of [
        [true, false],
        [false, false],
        [true, false],
        [true, true],
        [false, true],
        [false, false],
        [false, true],
        [true, true],
        [true, false],
        [false, false],
      ] as const) {
        render(view(own, fieldset));
        expect(await all(own || fieldset), `own ${own}, fieldset ${fieldset}`).toBe(true);
      }
    });
  }
});

// gateway-checkout/react on a server (a Next.js route, renderToString): importing it must not throw,
// and the tags render for the client to upgrade.
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

describe('gateway-checkout/react on a server', () => {
  it('imports without a DOM and renders the tags', async () => {
    expect(typeof document).toBe('undefined');
    const react = await import('../../src/react/index.ts');
    const html = renderToString(
      createElement(
        'main',
        null,
        createElement(react.GatewayCheckout, { sessionUrl: '/checkout/session', onSuccess: () => undefined }),
        createElement(react.GatewayCardForm, { moto: true }),
        createElement(react.GatewayBillingAddress, { mode: 'avs' }),
        createElement(react.GatewaySaveConsent, { scenario: 'one-click' }),
      ),
    );
    expect(html).toContain('<gateway-checkout');
    expect(html).toContain('<gateway-card-form');
    expect(html).toContain('<gateway-billing-address');
    expect(html).toContain('<gateway-save-consent');
  });

  it('names a callback after every event the elements document', async () => {
    const { callbackName } = await import('../../src/frameworks/types.ts');
    expect(
      ['gateway-success', 'gateway-decline', 'gateway-new-payment', 'gateway-card-change', 'change'].map(
        callbackName,
      ),
    ).toEqual(['onSuccess', 'onDecline', 'onNewPayment', 'onCardChange', 'onChange']);
  });
});

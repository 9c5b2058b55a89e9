// gateway-checkout/react and the bare tags in React 19 JSX, type-checked as a React app would be.
import { useRef } from 'react';
import type { CheckoutSuccessDetail } from '../../src/index.ts';
import {
  GatewayBillingAddress,
  GatewayCardForm,
  GatewayCheckout,
  type GatewayCheckoutProps,
  GatewaySaveConsent,
} from '../../src/react/index.ts';

export function Components() {
  const ref = useRef<HTMLElementTagNameMap['gateway-checkout']>(null);
  return (
    <>
      <GatewayCheckout
        ref={ref}
        sessionUrl="/checkout/session"
        presentation="direct"
        threeDs="modal"
        moto={false}
        onReady={(e) => e.detail.amount?.toFixed(2)}
        onChange={(e) => e.detail.complete satisfies boolean}
        onSuccess={(e) => e.detail satisfies CheckoutSuccessDetail}
        onDecline={(e) => e.detail.reason.toUpperCase()}
        onError={(e) => e.detail.message.toUpperCase()}
        onNewPayment={(e) => e.preventDefault()}
      />
      {/* @ts-expect-error presentation is direct, iframe or redirect */}
      <GatewayCheckout presentation="popup" />
      {/* @ts-expect-error moto is a boolean property */}
      <GatewayCheckout moto="yes" />
      <GatewayCheckout onSuccess={(e) => e.detail.amount.toFixed(2) + e.detail.currency} />
      {/* @ts-expect-error a success carries orderId, status, amount and currency, not a reason */}
      <GatewayCheckout onSuccess={(e) => e.detail.reason} />
      {/* @ts-expect-error the decline reason is text */}
      <GatewayCheckout onDecline={(e: CustomEvent<{ reason: number }>) => e.detail.reason} />
      {/* @ts-expect-error the checkout has no such event */}
      <GatewayCheckout onPaid={() => undefined} />
      <GatewayCheckout acceptedBrands={['visa', 'mastercard']} />
      <GatewayCheckout requireName={false} collectEmail={false} />
      {/* @ts-expect-error requireName is a boolean property */}
      <GatewayCheckout requireName="no" />
      {/* @ts-expect-error acceptedBrands is a list of brands */}
      <GatewayCheckout acceptedBrands="visa" />
      <GatewayCardForm moto onCardChange={(e) => e.detail.brand} onInput={(e) => e.target} />
      <GatewayBillingAddress mode="avs" country="LV" onChange={(e) => e.type} />
      {/* @ts-expect-error mode is avs, account-funding or full */}
      <GatewayBillingAddress mode="home" />
      <GatewaySaveConsent scenario="recurring" merchantName="Baltic Pantry" required />
    </>
  );
}

export const props: GatewayCheckoutProps = { sessionUrl: '/checkout/session' };

export function BareTags() {
  return (
    <>
      <gateway-checkout
        session-url="/checkout/session"
        three-ds="redirect"
        accepted-brands="visa mastercard"
        ongateway-success={(e) => e.detail.orderId.toUpperCase()}
        ongateway-error={(e) => e.detail.type.toUpperCase()}
      />
      {/* @ts-expect-error three-ds is modal or redirect */}
      <gateway-checkout three-ds="popup" />
      {/* @ts-expect-error amount is a number */}
      <gateway-checkout amount={{ value: 1 }} />
      {/* @ts-expect-error a decline's detail has no status */}
      <gateway-checkout ongateway-decline={(e) => e.detail.status} />
      <gateway-checkout require-name collect-email moto />
      <gateway-card-form require-name moto ongateway-card-change={(e) => e.detail.valid} />
      <gateway-billing-address mode="full" />
      <gateway-save-consent scenario="one-click" checked />
      {/* @ts-expect-error scenario is one of the save methods */}
      <gateway-save-consent scenario="forever" />
    </>
  );
}

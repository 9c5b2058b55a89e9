// The v0.6 wire format and the spec's rules: the single source of truth for field names.
export * from './api.ts';
export * from './avs.ts';
export * from './compatibility.ts';
export * from './direct-payment.ts';
export * from './errors.ts';
export * from './json-guard.ts';
export * from './order.ts';
export * from './order-request.ts';
export * from './primitives.ts';
export * from './rules.ts';
export * from './session.ts';
export * from './webhook.ts';

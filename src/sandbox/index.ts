// The sandbox gateway: a local, stateful v0.6 gateway for the demo, our tests and integrators'
// tests. Importing this module starts nothing; call startSandbox().
export { type CardBehaviour, EXPIRED_CARD, TEST_CARDS, type TestCard } from './cards.ts';
export { type SandboxEnvOptions, sandboxEnvOptions } from './env.ts';
export {
  API_DO_BROWSER_MODES,
  API_PREFIX,
  type ApiDoFromBrowsers,
  DEFAULT_SECRET_KEY,
  FAULTS,
  type Fault,
  type Sandbox,
  type SandboxOptions,
  startSandbox,
  TRANSACTION_DETAILS_SHAPES,
  type TransactionDetailsShape,
} from './server.ts';
export {
  type Action,
  HOLD_DAYS,
  REFUND_YEARS,
  SANDBOX_STATUSES,
  type SandboxStatus,
  TRANSITIONS,
  type Transition,
} from './state-table.ts';
export type { DeliveryAttempt, WebhookDelivery, WebhookRetryOptions } from './webhooks.ts';

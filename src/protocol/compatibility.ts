import type { OrderRequest } from './order-request.ts';

/**
 * The spec's compatibility lists ("each item is compatible with the listed ones"), kept as data.
 * Names are the spec's items. The lists are not symmetric in the spec (MOTO does not list
 * Payment Method Saving, which lists MOTO; AVS does not list Zero-Amount, which lists AVS). We read
 * a pair as allowed when either side lists the other, since a merchant with AVS enabled could
 * otherwise never run a zero-amount verification, and refuse it when neither does.
 */
export const FEATURES = [
  'one-step',
  'two-step',
  'zero-amount',
  'full-refund',
  'partial-refund',
  'reversal',
  'payment-method-saving',
  'recurring',
  'recurring-automatic',
  'one-click',
  'travel-data',
  'account-funding',
  'dynamic-descriptor',
  'service-location',
  'qcash',
  'moto',
  'sdwo-funding',
  'sdwo-purchase',
  'taxes',
  'avs',
] as const;
export type Feature = (typeof FEATURES)[number];

const refunds: Feature[] = ['full-refund', 'partial-refund', 'reversal'];
const oneStepList: Feature[] = [
  ...refunds,
  'recurring',
  'recurring-automatic',
  'one-click',
  'payment-method-saving',
  'travel-data',
  'account-funding',
  'dynamic-descriptor',
  'service-location',
  'qcash',
  'moto',
  'sdwo-funding',
  'sdwo-purchase',
  'taxes',
  'avs',
];
const refundList: Feature[] = [
  'one-step',
  'two-step',
  'recurring',
  'recurring-automatic',
  'one-click',
  'payment-method-saving',
  'travel-data',
  'account-funding',
  'dynamic-descriptor',
  'service-location',
  'qcash',
  'moto',
  'sdwo-funding',
  'sdwo-purchase',
  'taxes',
];
const sdwoList: Feature[] = [
  'one-step',
  'two-step',
  ...refunds,
  'recurring',
  'recurring-automatic',
  'one-click',
  'payment-method-saving',
  'dynamic-descriptor',
  'service-location',
  'taxes',
  'avs',
];

export const COMPATIBLE_WITH: Readonly<Record<Feature, readonly Feature[]>> = {
  'one-step': oneStepList,
  'two-step': oneStepList.filter((f) => f !== 'account-funding'),
  'zero-amount': [
    'payment-method-saving',
    'travel-data',
    'dynamic-descriptor',
    'service-location',
    'moto',
    'avs',
  ],
  'full-refund': refundList,
  'partial-refund': refundList,
  reversal: refundList,
  'payment-method-saving': [
    'one-step',
    'two-step',
    'zero-amount',
    ...refunds,
    'travel-data',
    'dynamic-descriptor',
    'service-location',
    'qcash',
    'moto',
    'sdwo-funding',
    'sdwo-purchase',
    'taxes',
    'avs',
  ],
  recurring: [],
  'recurring-automatic': [],
  'one-click': [],
  'travel-data': [
    'one-step',
    'two-step',
    'zero-amount',
    ...refunds,
    'recurring-automatic',
    'one-click',
    'payment-method-saving',
    'dynamic-descriptor',
    'service-location',
    'qcash',
    'moto',
    'taxes',
    'avs',
  ],
  'account-funding': ['one-step', 'dynamic-descriptor', 'service-location', 'taxes', 'avs'],
  // "compatible with every scenario and capability listed above".
  'dynamic-descriptor': FEATURES.filter((g) => g !== 'dynamic-descriptor'),
  'service-location': FEATURES.filter((g) => g !== 'service-location'),
  qcash: [
    'one-step',
    'two-step',
    ...refunds,
    'recurring',
    'recurring-automatic',
    'one-click',
    'payment-method-saving',
    'travel-data',
    'dynamic-descriptor',
    'service-location',
    'taxes',
    'avs',
  ],
  moto: [
    'one-step',
    'two-step',
    'zero-amount',
    ...refunds,
    'travel-data',
    'dynamic-descriptor',
    'service-location',
    'taxes',
    'avs',
  ],
  'sdwo-funding': sdwoList,
  'sdwo-purchase': sdwoList,
  taxes: FEATURES.filter((g) => g !== 'taxes' && g !== 'zero-amount'),
  avs: [
    'one-step',
    'two-step',
    'payment-method-saving',
    'travel-data',
    'account-funding',
    'dynamic-descriptor',
    'service-location',
    'qcash',
    'moto',
    'sdwo-funding',
    'sdwo-purchase',
    'taxes',
  ],
};

/** Pairs the spec's prose forbids although the lists would allow them. */
const EXPLICITLY_FORBIDDEN: ReadonlyArray<readonly [Feature, Feature, string]> = [
  ['taxes', 'zero-amount', 'no tax applies to a zero amount'],
];

const SCENARIOS: readonly Feature[] = ['one-step', 'two-step', 'zero-amount'];

export const isCompatible = (a: Feature, b: Feature): boolean => {
  if (a === b) return true;
  if (EXPLICITLY_FORBIDDEN.some(([x, y]) => (x === a && y === b) || (x === b && y === a))) return false;
  // Two payment scenarios never combine: an order is exactly one of them.
  if (SCENARIOS.includes(a) && SCENARIOS.includes(b)) return false;
  return COMPATIBLE_WITH[a].includes(b) || COMPATIBLE_WITH[b].includes(a);
};

/**
 * The scenario and capabilities an order request asks for, as far as a request can show them.
 * QCash (a terminal setting), SDWO funding and later payments with a saved method are not visible
 * in an order request, so they are never derived here.
 */
export function featuresOf(req: OrderRequest): Feature[] {
  const features: Feature[] = [];
  if (req.payment_system === 'AUTH') features.push('zero-amount');
  else if (req.skip_capture) features.push('two-step');
  else features.push('one-step');
  if (req.setup_future_use || req.force_save_method) features.push('payment-method-saving');
  if (req.travel_data) features.push('travel-data');
  if (req.recipient_client) features.push('account-funding');
  if (req.dynamic_descriptor) features.push('dynamic-descriptor');
  if (req.service_location) features.push('service-location');
  if (req.is_moto) features.push('moto');
  if (req.sdwo_merchant_id) features.push('sdwo-purchase');
  if ((req.products ?? []).some((p) => p.tax != null)) features.push('taxes');
  if (req.client.address && req.client.zip_code) features.push('avs');
  return features;
}

export interface Incompatibility {
  a: Feature;
  b: Feature;
  message: string;
}

/** Every forbidden pair among the features of a request (empty when the combination is allowed). */
export function incompatibilities(req: OrderRequest): Incompatibility[] {
  const features = featuresOf(req);
  const found: Incompatibility[] = [];
  for (let i = 0; i < features.length; i++) {
    for (let j = i + 1; j < features.length; j++) {
      const a = features[i]!;
      const b = features[j]!;
      if (!isCompatible(a, b)) {
        const why = EXPLICITLY_FORBIDDEN.find(([x, y]) => (x === a && y === b) || (x === b && y === a))?.[2];
        found.push({ a, b, message: `${a} cannot be combined with ${b}${why ? ` (${why})` : ''}` });
      }
    }
  }
  // Travel data with a saved method only when it is saved for one-click or automatic use.
  if (
    features.includes('travel-data') &&
    features.includes('payment-method-saving') &&
    req.setup_future_use !== 'one-click' &&
    req.setup_future_use !== 'automatic'
  ) {
    found.push({
      a: 'travel-data',
      b: 'payment-method-saving',
      message:
        'travel-data combines with payment-method-saving only when setup_future_use is one-click or automatic',
    });
  }
  return found;
}

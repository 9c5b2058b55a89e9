// What a checkout does only in its rarer moments, one on-demand part (`outcomes`): its own asking
// after an outcome it could not confirm, the merchant server's word on fields it named, and the
// check of an attempt a reload left under way.
export { keptAttempt } from './attempt-pickup.ts';
export { showServerFieldErrors } from './server-field-errors.ts';
export { UnconfirmedWatch } from './unconfirmed-watch.ts';

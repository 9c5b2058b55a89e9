// What a checkout does only with the rarer outcomes, one on-demand part (`outcomes`): its own
// asking after an outcome it could not confirm, and the merchant server's word on fields it named.
export { showServerFieldErrors } from './server-field-errors.ts';
export { UnconfirmedWatch } from './unconfirmed-watch.ts';

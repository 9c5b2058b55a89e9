/**
 * What the billing address loads on demand (a sibling of the script-tag bundle, a chunk of the ES
 * module build): the postal-code formats with their examples, and the lists of states. A checkout
 * without address verification never needs them, so its first load does not carry them.
 */
export { formatPostalCode, isValidPostalCode, postalExampleOf } from '../../card/postal-code.ts';
export { type Region, regionCode, regionsOf } from './regions.ts';

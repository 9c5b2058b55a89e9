/**
 * One on-demand part for the gateway's pages in frames of the checkout: the 3-D Secure relay of
 * presentation="iframe" (`hosted-challenge.ts`) and the `direct-post` transport (`direct-post.ts`).
 * One part rather than two: each part costs the first load a row with its hash, and both are for
 * checkouts that few pages run.
 */

export { transportIn } from './direct-post.ts';
export { HostedChallengeRelay, ParentChallenge } from './hosted-challenge.ts';

import type { Page } from '@playwright/test';
import { isApiDoPost, isDirectPost } from '../../support/containment.ts';
import { E2E_SANDBOX } from '../../support/ports.ts';

// What the Direct Post specs share: the sandbox's test cards they pay with, the bank's dialog, and
// how the containment recorder tells the two payment requests apart.

export const VISA = '4111111111111111';
export const DECLINED = '4000000000000002';
export const THREE_DS = '4000000000003220';
export const CSC = '947';
/** The name of the checkout's 3-D Secure dialog, and of the bank's frame inside it. */
export const CHALLENGE = 'Confirm the payment with your bank';

/** The form POST to an order's direct_post, and the JSON POST to its api_do_url, at the sandbox. */
export const directPost = isDirectPost(E2E_SANDBOX);
export const apiDo = isApiDoPost(E2E_SANDBOX);

/** The isolated card fields' frame. */
export const fields = (page: Page) => page.frameLocator('gateway-checkout iframe[title="Card details"]');

// The checkout without an address reader (lib/unread.ts): refused, for the consumer test.
import { unread } from '../../../../lib/unread';

export const POST = unread;

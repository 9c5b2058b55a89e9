// GET and POST /api/checkout/session, GET /api/checkout/status: the checkout handler dispatches.
import { checkout } from '../../../../lib/gateway';

export const GET = checkout;
export const POST = checkout;

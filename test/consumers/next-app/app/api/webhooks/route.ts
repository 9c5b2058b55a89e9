import { webhooks } from '../../../lib/gateway';

export const POST = webhooks;

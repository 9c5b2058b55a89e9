// The tags' props and events in this app's templates.
import type {} from 'gateway-checkout/vue';

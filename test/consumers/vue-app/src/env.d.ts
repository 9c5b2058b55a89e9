// Props and events of the tags in templates (vue-tsc, Volar).
import type {} from 'gateway-checkout/vue';

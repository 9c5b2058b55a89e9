// The floor of Lit alone: the fields rendered, no mask.
import { FloorForm } from './floor-form.ts';

customElements.define('gateway-checkout', FloorForm);

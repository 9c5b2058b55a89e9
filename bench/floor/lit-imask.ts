// The floor of Lit and imask: the same fields, the number and expiry masked as imask's own
// documentation attaches a mask, from the same two modules our masks load (src/elements/shared/
// pattern-mask.ts). The number's pattern groups a Visa of 16 or 19 digits as ours does, so the
// bench's typing finds the formatted values it expects.
import InputMask from 'imask/esm/controls/input';
import MaskedPattern from 'imask/esm/masked/pattern';
import { FloorForm } from './floor-form.ts';

// Importing the pattern mask registers it for string patterns; exported so that no bundler drops it.
export { MaskedPattern };

class MaskedFloorForm extends FloorForm {
  protected override firstUpdated(): void {
    const input = (id: string) => this.renderRoot.querySelector<HTMLInputElement>(`#${id}`)!;
    new InputMask(input('number'), { mask: '0000 0000 0000 0000 000', lazy: true } as { mask: string });
    new InputMask(input('expiry'), { mask: '00/00', lazy: true } as { mask: string });
  }
}

customElements.define('gateway-checkout', MaskedFloorForm);

// The card fields' masks, loaded beside the bundle once a page shows a card field in it (see
// on-demand.ts): the field takes input before they are here, so they are kept off the way to an
// interactive form. Deep imports: the input control and the pattern mask only, not imask's number,
// date, range, enum and dynamic masks that `import IMask from 'imask'` would bring along.
import 'imask/esm/masked/pattern';

export { default as InputMask } from 'imask/esm/controls/input';

// The card fields' masks load on demand, as the fields first render (input-mask.ts). The tests in
// the browser type into fields the moment they are rendered, quicker than anyone could: they start
// with the masks loaded, as a customer's page has them by the time the customer types. A field
// that is typed into before they are here is tested end to end (test/e2e/on-demand.spec.ts).
import { loadMasks } from '../../src/elements/shared/input-mask.ts';

await loadMasks();

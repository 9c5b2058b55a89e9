import { loadMasks } from '../shared/input-mask.ts';

/** The sample the keystroke code is rehearsed on: a test card, a brand found at its first digit. */
export const REHEARSAL = '4111111111111111';

/**
 * Once per page: the code is the same for every card form. `due` again when the form that was to
 * rehearse it left the page first (a form mounted and removed holds nothing for long).
 */
let state: 'due' | 'asked' | 'done' = 'due';

/**
 * While the page is idle, and at the latest 100 ms after the masks came: by the time a person types,
 * whatever a busy page is doing. Safari has no requestIdleCallback: the 100 ms stand in.
 */
function whenIdle(run: () => void): void {
  if ('requestIdleCallback' in globalThis) requestIdleCallback(run, { timeout: 100 });
  else setTimeout(run, 100);
}

/**
 * Asks for the page's one rehearsal of the code a keystroke runs: the browser compiles a function
 * when it is first called and speeds it up as it runs again, and a customer's first keys took 3 to
 * 6 ms against 1.3 ms later (`npm run bench`). `rehearse` runs once the masks are here, while the
 * page is idle or as the customer focuses a field of `form`, whichever comes first; not at all when
 * the page's rehearsal was asked for already.
 */
export function askRehearsal(form: HTMLElement, rehearse: () => void): void {
  if (state !== 'due') return;
  state = 'asked';
  void loadMasks().then(() => {
    const run = () => {
      form.removeEventListener('focusin', run);
      if (state !== 'asked') return;
      if (!form.isConnected) {
        state = 'due';
        return;
      }
      state = 'done';
      rehearse();
    };
    form.addEventListener('focusin', run);
    whenIdle(run);
  });
}

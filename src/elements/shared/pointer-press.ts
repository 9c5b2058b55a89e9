/**
 * A press takes the focus out of a field at pointerdown, but its click goes to whatever is under
 * the pointer at release. A message a field shows once it is left (and a frame that grows with
 * it) pushes down everything below the field: a button that moved away from under the pointer
 * never gets its click, and the person must press again. So what leaving a field shows waits,
 * through `afterPress`, until a press under way on the page is over and its click dispatched.
 */

/** After a touch the click follows from the tap; if none comes (a scroll, a long press), this long at most. */
const TOUCH_CLICK_WAIT_MS = 400;

let pressing = false;
let waiting: Array<() => void> = [];
let touchTimer: ReturnType<typeof setTimeout> | undefined;
const watched = new WeakSet<Window>();

function finish(): void {
  clearTimeout(touchTimer);
  if (!pressing) return;
  pressing = false;
  const due = waiting;
  waiting = [];
  for (const show of due) show();
}

/** After the current task: the click of a mouse release is dispatched in the release's own task. */
const finishSoon = (): void => {
  setTimeout(finish, 0);
};

const onDown = (event: PointerEvent): void => {
  if (!event.isPrimary) return;
  clearTimeout(touchTimer);
  pressing = true;
};

const onUp = (event: PointerEvent): void => {
  if (!event.isPrimary || !pressing) return;
  // A tap's focus change and click come after its pointerup: wait for that click.
  if (event.type === 'pointerup' && event.pointerType === 'touch')
    touchTimer = setTimeout(finish, TOUCH_CLICK_WAIT_MS);
  else finishSoon();
};

/** A release this page never heard of (outside the window, into a frame) shows as a move with no button held. */
const onMove = (event: PointerEvent): void => {
  if (pressing && event.buttons === 0 && event.pointerType !== 'touch') finishSoon();
};

/**
 * Starts watching presses in the element's window (once per window). Listeners capture on the
 * window, so a page that stops a pointer event on its way cannot hide a press from us.
 */
export function watchPresses(node: Node): void {
  const win = node.ownerDocument?.defaultView;
  if (!win || watched.has(win)) return;
  watched.add(win);
  const capture = { capture: true, passive: true };
  win.addEventListener('pointerdown', onDown, capture);
  win.addEventListener('pointerup', onUp, capture);
  win.addEventListener('pointercancel', onUp, capture);
  win.addEventListener('pointermove', onMove, capture);
  win.addEventListener('click', finishSoon, capture);
  win.addEventListener('dragend', finishSoon, capture);
  // The window lost the focus mid-press (another window, a dialog of the browser): no click follows here.
  win.addEventListener('blur', finishSoon);
}

/** Whether a press is under way on the page. */
export const pressUnderWay = (): boolean => pressing;

/** Runs `show` now, or, while a press is under way, once it is over and its click has gone out. */
export function afterPress(show: () => void): void {
  if (pressing) waiting.push(show);
  else show();
}

/** The focused element, looking inside shadow roots. */
export function deepActiveElement(): HTMLElement | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active as HTMLElement | null;
}

/**
 * Whether a disabled fieldset disables `el`, by the rule the browser applies to form controls: a
 * disabled fieldset among its ancestors in its own tree (not across a shadow root), unless `el`
 * sits in that fieldset's first legend.
 */
export function inDisabledFieldset(el: Element): boolean {
  for (let child = el, parent = el.parentElement; parent; child = parent, parent = parent.parentElement) {
    if (parent instanceof HTMLFieldSetElement && parent.disabled) {
      if (child !== parent.querySelector(':scope > legend')) return true;
    }
  }
  return false;
}

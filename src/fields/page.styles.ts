/** The fields page's own few rules, as a constructed sheet: its CSP allows no inline styles. */
export function pageStyles(inset: number): CSSStyleSheet {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(`
    html { color-scheme: light dark; background: transparent; }
    body { margin: 0; padding: ${inset}px; background: transparent; overflow: hidden; }
    form { margin: 0; }
    gateway-card-form { background: transparent; }
    p { font: 1rem system-ui, sans-serif; }
  `);
  return sheet;
}

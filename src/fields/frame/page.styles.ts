/** Space around the form so focus rings are not cut by the frame's edge; the parent offsets it. */
export const INSET = 4;

/**
 * The fields page's own few rules. In the built page's HTML (named by its hash in the page's CSP,
 * which allows no other inline style), so the fields stand where they belong from the first paint.
 */
export const PAGE_CSS = `html{color-scheme:light dark;background:transparent}body{margin:0;padding:${INSET}px;background:transparent;overflow:hidden}form{margin:0}gateway-card-form{background:transparent}p{font:1rem system-ui,sans-serif}`;

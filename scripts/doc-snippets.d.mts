/** The site's pages: every .md under docs/ but the generated reference (see doc-snippets.mjs). */
export function docPages(dir?: string): string[];

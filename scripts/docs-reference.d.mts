/** Writes docs/reference/{elements,server,sandbox}.md from the code (see docs-reference.mjs). */
export function writeReferencePages(): void;

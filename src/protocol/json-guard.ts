/**
 * Limits every server here (the merchant's helper and the sandbox) puts on a JSON body before any
 * code walks or stores it: a bounded depth, and no key that reaches an object's prototype.
 */

/** Deeper than any body the gateway or the elements send; walking a body stays cheap and bounded. */
export const MAX_JSON_DEPTH = 32;

/**
 * Keys no message of ours or the gateway's has: harmless to JSON.parse, but a trap for any code (ours
 * or a merchant's) that ever copies the value with plain assignment, so refused outright.
 */
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

export type JsonGuardProblem =
  | { readonly code: 'too_deep'; readonly maxDepth: number }
  | { readonly code: 'forbidden_key'; readonly key: string; readonly path: string };

/** True when JSON text opens more than `max` arrays or objects inside each other (one pass, no parse). */
export function jsonNestsDeeperThan(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/**
 * The first thing refused in a parsed JSON value, or null. Walks without recursion, so a deep value
 * cannot exhaust the stack here either.
 */
export function jsonGuardProblem(value: unknown, maxDepth = MAX_JSON_DEPTH): JsonGuardProblem | null {
  const stack: [unknown, number, string][] = [[value, 0, '']];
  while (stack.length) {
    const [node, depth, path] = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    if (depth + 1 > maxDepth) return { code: 'too_deep', maxDepth };
    for (const [key, child] of Object.entries(node)) {
      const at = path ? `${path}.${key}` : key;
      if (PROTOTYPE_KEYS.has(key)) return { code: 'forbidden_key', key, path: at };
      stack.push([child, depth + 1, at]);
    }
  }
  return null;
}

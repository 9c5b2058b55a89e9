/**
 * Content-Security-Policy as a browser applies it, as far as the doctor needs: parse the policies
 * a page is sent (headers and `<meta http-equiv>`), pick the directive a fetch falls under (with
 * the fallbacks of CSP Level 3), and tell whether a URL (or a nonce) is allowed. Every policy a page
 * carries applies at once: a URL must pass all of them.
 */

export type Policy = ReadonlyMap<string, readonly string[]>;

/** One policy text (`default-src 'self'; frame-src https:`) as directive → source list. */
export function parsePolicy(text: string): Policy {
  const policy = new Map<string, string[]>();
  for (const part of text.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (!name) continue;
    const directive = name.toLowerCase();
    // The first occurrence of a directive wins; browsers ignore a repeated one.
    if (!policy.has(directive)) policy.set(directive, sources);
  }
  return policy;
}

/** A header's value may carry several policies, separated by commas. */
export function parsePolicies(header: string | null): Policy[] {
  if (!header) return [];
  return header
    .split(',')
    .map((text) => parsePolicy(text))
    .filter((policy) => policy.size > 0);
}

/** The directives a fetch of each kind falls back through, first present wins. */
const FALLBACKS = {
  script: ['script-src-elem', 'script-src', 'default-src'],
  connect: ['connect-src', 'default-src'],
  frame: ['frame-src', 'child-src', 'default-src'],
  form: ['form-action'],
} as const;
export type FetchKind = keyof typeof FALLBACKS;

/** The directive of `policy` that governs `kind`, and its sources; null when none does (allowed). */
export function governing(
  policy: Policy,
  kind: FetchKind,
): { directive: string; sources: readonly string[] } | null {
  for (const directive of FALLBACKS[kind]) {
    const sources = policy.get(directive);
    if (sources) return { directive, sources };
  }
  return null;
}

const DEFAULT_PORT: Record<string, string> = { 'http:': '80', 'https:': '443', 'ws:': '80', 'wss:': '443' };

/** Whether one source expression matches `url` on a page at `self`. */
function sourceMatches(source: string, url: URL, self: URL): boolean {
  const expression = source.toLowerCase();
  if (expression === "'self'") {
    if (url.origin === self.origin) return true;
    // 'self' also allows the secure upgrade of the page's own origin.
    return self.protocol === 'http:' && url.protocol === 'https:' && url.hostname === self.hostname;
  }
  if (expression === '*') return ['http:', 'https:', 'ws:', 'wss:'].includes(url.protocol);
  if (/^[a-z][a-z0-9+.-]*:$/.test(expression)) {
    // A scheme source: http: allows https: too (and ws: wss:).
    if (expression === url.protocol) return true;
    return (
      (expression === 'http:' && url.protocol === 'https:') ||
      (expression === 'ws:' && url.protocol === 'wss:')
    );
  }
  if (expression.startsWith("'")) return false; // nonces, hashes, keywords match no URL
  const host =
    /^(?:([a-z][a-z0-9+.-]*):\/\/)?(\*|(?:\*\.)?[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::(\d+|\*))?(\/.*)?$/.exec(
      expression,
    );
  if (!host) return false;
  const [, scheme, hostPart, port, path] = host;
  if (scheme) {
    const wanted = `${scheme}:`;
    const upgrade =
      (wanted === 'http:' && url.protocol === 'https:') || (wanted === 'ws:' && url.protocol === 'wss:');
    if (wanted !== url.protocol && !upgrade) return false;
  } else if (self.protocol === 'http:') {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  } else if (url.protocol !== self.protocol) return false;
  const hostname = url.hostname.toLowerCase();
  if (hostPart === '*') {
    // a bare `*` host with a scheme or port: any host
  } else if (hostPart!.startsWith('*.')) {
    if (!hostname.endsWith(hostPart!.slice(1))) return false;
  } else if (hostPart !== hostname) return false;
  const actualPort = url.port || DEFAULT_PORT[url.protocol] || '';
  if (port !== '*') {
    const schemePort = scheme ? DEFAULT_PORT[`${scheme}:`] : DEFAULT_PORT[url.protocol];
    const wantedPort = port ?? schemePort;
    // An upgrade from http's default port to https's is allowed without naming it.
    const upgraded = !port && url.protocol === 'https:' && actualPort === '443';
    if (wantedPort !== actualPort && !upgraded) return false;
  }
  if (path && path !== '/') {
    const decoded = decodeURIComponent(path);
    if (decoded.endsWith('/') ? !url.pathname.startsWith(decoded) : url.pathname !== decoded) return false;
  }
  return true;
}

export interface Verdict {
  allowed: boolean;
  /** The directive that refused it, when refused. */
  directive?: string;
}

/**
 * Whether `url` may be fetched as `kind` under every policy. A script element's `nonce` passes a
 * policy listing it; with `'strict-dynamic'` host sources are ignored (scripts need the nonce, or
 * are inserted by a script that had it: `inserted`).
 */
export function allows(
  policies: readonly Policy[],
  kind: FetchKind,
  target: string,
  page: string,
  script: { nonce?: string | undefined; inserted?: boolean } = {},
): Verdict {
  const url = new URL(target, page);
  const self = new URL(page);
  for (const policy of policies) {
    const rule = governing(policy, kind);
    if (!rule) continue;
    const sources = rule.sources.map((s) => s.toLowerCase());
    if (sources.includes("'none'") && sources.length === 1)
      return { allowed: false, directive: rule.directive };
    if (kind === 'script') {
      const nonced = Boolean(script.nonce) && rule.sources.includes(`'nonce-${script.nonce}'`);
      if (sources.includes("'strict-dynamic'")) {
        if (nonced || script.inserted) continue;
        return { allowed: false, directive: rule.directive };
      }
      if (nonced) continue;
    }
    if (!rule.sources.some((source) => sourceMatches(source, url, self)))
      return { allowed: false, directive: rule.directive };
  }
  return { allowed: true };
}

/** The `trusted-types` policy names allowed, or null when no policy restricts them. */
export function trustedTypeNames(policies: readonly Policy[]): Array<readonly string[]> {
  return policies.flatMap((policy) => {
    const names = policy.get('trusted-types');
    return names ? [names] : [];
  });
}

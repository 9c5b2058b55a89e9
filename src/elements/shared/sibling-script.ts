/**
 * How the script-tag bundle loads a part it did not carry (see `on-demand.ts`): a classic script
 * beside the bundle, with the SHA-384 the build wrote into the bundle as its `integrity`. The
 * browser checks the file against it before it runs a byte of it, as it checked the bundle against
 * the hash the merchant pinned: whatever runs is covered by that one hash. A file changed on its way
 * (a compromised CDN, a stale cache) is refused and the part falls back; nothing else breaks.
 *
 * Under a strict Content-Security-Policy it loads as the bundle did: from the bundle's own location
 * (`script-src 'self'` or the CDN's origin), with the bundle's nonce, and with Trusted Types through
 * a policy named `gateway-checkout` that admits these files only. The file hands its exports over
 * by an event on its own script element, while it runs: no global, and nothing another script could
 * pass off as the part.
 */

/** The event a sibling file fires on its own script element, its module's exports as `detail`. */
export const SIBLING_EVENT = 'gateway-sibling';

/** How long a sibling may take before its part falls back (a request that hangs never fails). */
export const SIBLING_TIMEOUT_MS = 15_000;

interface ScriptUrlPolicy {
  createScriptURL(url: string): unknown;
}
type TrustedTypesFactory = {
  createPolicy(name: string, rules: { createScriptURL(url: string): string }): ScriptUrlPolicy;
};

// Read while the bundle itself runs: `document.currentScript` is the bundle's element only then.
const own = document.currentScript as HTMLScriptElement | null;
const base = own?.src || document.baseURI;
const nonce = own?.nonce || '';

const loads = new Map<string, Promise<unknown>>();
/** The addresses this bundle may load: the policy refuses any other. */
const admitted = new Set<string>();
let policy: ScriptUrlPolicy | null = null;

/** The script address as the page's Trusted Types want it (a plain string where there are none). */
function scriptUrl(url: string): string {
  const factory = (globalThis as { trustedTypes?: TrustedTypesFactory }).trustedTypes;
  if (!factory) return url;
  policy ??= factory.createPolicy('gateway-checkout', {
    createScriptURL: (candidate) => {
      if (!admitted.has(candidate))
        throw new TypeError(`gateway-checkout: ${candidate} is not one of its files`);
      return candidate;
    },
  });
  return policy.createScriptURL(url) as string;
}

/**
 * Loads `file` (a name beside the bundle) once and resolves with its exports; rejects when it is
 * refused (integrity, CSP, Trusted Types), missing, or too slow.
 */
export function loadSibling(file: string, integrity: string): Promise<unknown> {
  let url: string;
  try {
    url = new URL(file, base).href;
  } catch {
    // A bundle inlined in a page with no address of its own (about:blank): nothing beside it to
    // load. Refused as any missing part, never thrown in the middle of an element's update.
    return Promise.reject(new Error(`gateway-checkout: ${file} was refused or not found`));
  }
  let load = loads.get(url);
  if (!load) {
    load = new Promise<unknown>((resolve, reject) => {
      const script = document.createElement('script');
      let exports: { value: unknown } | null = null;
      const fail = (why: string) => {
        clearTimeout(timer);
        script.remove();
        reject(new Error(`gateway-checkout: ${file} ${why}`));
      };
      const timer = setTimeout(() => fail('did not load in time'), SIBLING_TIMEOUT_MS);
      script.addEventListener(SIBLING_EVENT, (event) => {
        // Only the file itself, while it runs, hands its part over.
        if (document.currentScript === script && !exports) exports = { value: (event as CustomEvent).detail };
      });
      script.addEventListener('load', () => {
        clearTimeout(timer);
        script.remove();
        if (exports) resolve(exports.value);
        else fail('ran but handed no part over');
      });
      script.addEventListener('error', () => fail('was refused or not found'));
      script.async = true;
      script.crossOrigin = 'anonymous';
      script.integrity = integrity;
      if (nonce) script.nonce = nonce;
      try {
        admitted.add(url);
        (script as { src: unknown }).src = scriptUrl(url);
      } catch (error) {
        fail(`could not be requested (${(error as Error).message})`);
        return;
      }
      document.head.append(script);
    });
    loads.set(url, load);
  }
  return load;
}

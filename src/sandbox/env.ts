/** The sandbox's behaviour choices read from the environment, for `npm run sandbox` and the demo. */
import { API_DO_BROWSER_MODES, type ApiDoFromBrowsers } from './handlers/payment.ts';
import { TRANSACTION_DETAILS_SHAPES, type TransactionDetailsShape } from './order-json.ts';

export interface SandboxEnvOptions {
  apiDoFromBrowsers: ApiDoFromBrowsers;
  transactionDetails: TransactionDetailsShape;
}

function choice<T extends string>(
  env: Record<string, string | undefined>,
  name: string,
  values: readonly T[],
): T | undefined {
  const given = env[name]?.trim();
  if (!given) return undefined;
  if ((values as readonly string[]).includes(given)) return given as T;
  throw new Error(`${name} must be ${values.map((v) => `"${v}"`).join(' or ')}, not "${given}"`);
}

/**
 * `SANDBOX_API_DO_BROWSERS` (`open` | `closed`) and `SANDBOX_TRANSACTION_DETAILS` (`plain` |
 * `objects`); unset means the default. A value outside the list throws, naming the variable.
 */
export function sandboxEnvOptions(env: Record<string, string | undefined> = process.env): SandboxEnvOptions {
  return {
    apiDoFromBrowsers: choice(env, 'SANDBOX_API_DO_BROWSERS', API_DO_BROWSER_MODES) ?? 'open',
    transactionDetails: choice(env, 'SANDBOX_TRANSACTION_DETAILS', TRANSACTION_DETAILS_SHAPES) ?? 'plain',
  };
}

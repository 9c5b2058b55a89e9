// The package's `gateway-checkout` command. `gateway-checkout doctor` checks a merchant's set-up
// against the real gateway, page and receiver; exit status 0 when every check passed, 1 when one
// failed, 2 when the command line was wrong.
import { parseArgs } from 'node:util';
import { formatDoctorReport, runDoctor } from './index.ts';
import type { DoctorOptions } from './types.ts';

const USAGE = `Usage: gateway-checkout doctor [options]

Checks your set-up before the first customer: the key, the transport, the checkout page's CSP,
the bundle and its siblings, the webhook subscription and receiver, DNS, the status secret.
Makes one unpaid order and cancels it; charges nothing.

  --base-url <url>       the gateway's base address (or GATEWAY_BASE_URL)
  --key <key>            the secret key (or GATEWAY_SECRET_KEY, better: not in your shell history)
  --page <url>           your checkout page, as customers open it
  --fields-origin <url>  the origin serving the isolated card fields, if you use them
  --webhook-url <url>    where the gateway delivers webhooks (your createWebhookHandler)
  --expect live|test     the key set this environment must hold (live in production)
  --transport api-do|direct-post
                         the transport createCheckoutHandler is given (default api-do)
  --bank-url <url>       a bank 3-D Secure address frame-src must allow (repeatable;
                         default any https origin, the sandbox's bank on loopback)
  --timeout <ms>         each request's time limit (default 15000)
  --json                 the report as JSON, for CI
  -h, --help             this text

The status secret is read from CHECKOUT_STATUS_SECRET (run the doctor where your server's
environment is).`;

function usageError(message: string): never {
  console.error(`gateway-checkout: ${message}\n\n${USAGE}`);
  process.exit(2);
}

function options(argv: string[]): { doctor: DoctorOptions; json: boolean } {
  let parsed: ReturnType<typeof parseArgs<{ options: typeof SPEC; allowPositionals: true; args: string[] }>>;
  try {
    parsed = parseArgs({ args: argv, options: SPEC, allowPositionals: true });
  } catch (error) {
    usageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  if (positionals[0] !== 'doctor' || positionals.length > 1)
    usageError(positionals.length ? `unknown command "${positionals.join(' ')}"` : 'name a command: doctor');
  const baseUrl = values['base-url'] ?? process.env.GATEWAY_BASE_URL;
  const secretKey = values.key ?? process.env.GATEWAY_SECRET_KEY;
  if (!baseUrl) usageError('--base-url (or GATEWAY_BASE_URL) is required');
  if (!secretKey) usageError('--key (or GATEWAY_SECRET_KEY) is required');
  for (const [name, value] of [
    ['--base-url', baseUrl],
    ['--page', values.page],
    ['--fields-origin', values['fields-origin']],
    ['--webhook-url', values['webhook-url']],
    ...(values['bank-url'] ?? []).map((url) => ['--bank-url', url] as const),
  ] as const) {
    if (value !== undefined && !URL.canParse(value))
      usageError(`${name} must be an absolute URL, not "${value}"`);
  }
  const expect = values.expect;
  if (expect !== undefined && expect !== 'live' && expect !== 'test')
    usageError('--expect must be live or test');
  const transport = values.transport;
  if (transport !== undefined && transport !== 'api-do' && transport !== 'direct-post')
    usageError('--transport must be api-do or direct-post');
  const timeoutMs = values.timeout === undefined ? undefined : Number(values.timeout);
  if (timeoutMs !== undefined && !(Number.isInteger(timeoutMs) && timeoutMs > 0))
    usageError('--timeout must be a number of milliseconds');
  return {
    json: Boolean(values.json),
    doctor: {
      baseUrl,
      secretKey,
      page: values.page,
      fieldsOrigin: values['fields-origin'],
      webhookUrl: values['webhook-url'],
      expect,
      transport,
      bankUrls: values['bank-url'],
      timeoutMs,
      statusSecret: process.env.CHECKOUT_STATUS_SECRET || undefined,
    },
  };
}

const SPEC = {
  'base-url': { type: 'string' },
  key: { type: 'string' },
  page: { type: 'string' },
  'fields-origin': { type: 'string' },
  'webhook-url': { type: 'string' },
  expect: { type: 'string' },
  transport: { type: 'string' },
  'bank-url': { type: 'string', multiple: true },
  timeout: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

const { doctor, json } = options(process.argv.slice(2));
const report = await runDoctor(doctor);
console.log(json ? JSON.stringify(report, null, 2) : formatDoctorReport(report));
process.exitCode = report.ok ? 0 : 1;

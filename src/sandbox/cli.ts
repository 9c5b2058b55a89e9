// `npm run sandbox`: the sandbox gateway on a fixed port, for people and the demo.
import { printable, TEST_CARDS } from './cards.ts';
import { type SandboxEnvOptions, sandboxEnvOptions } from './env.ts';
import { DEFAULT_SECRET_KEY, startSandbox } from './server.ts';

const port = Number(process.env.SANDBOX_PORT || 8406);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`SANDBOX_PORT must be a port number, not "${process.env.SANDBOX_PORT}"`);
  process.exit(2);
}
const secretKey = process.env.SANDBOX_SECRET_KEY || DEFAULT_SECRET_KEY;
// The issuers' 3-D Secure pages, on an origin of their own: by default the next port.
const bankPort = Number(process.env.SANDBOX_BANK_PORT || (port ? port + 1 : 0));
if (!Number.isInteger(bankPort) || bankPort < 0 || bankPort > 65535) {
  console.error(`SANDBOX_BANK_PORT must be a port number, not "${process.env.SANDBOX_BANK_PORT}"`);
  process.exit(2);
}
// Where the merchant is located: saving a card issued in the EU for a merchant in Europe needs 3-D Secure.
const merchantCountry = process.env.SANDBOX_MERCHANT_COUNTRY || undefined;

// The merchant's name on the hosted pages, as its account at a real gateway would hold it.
const merchantName = process.env.SANDBOX_MERCHANT_NAME || undefined;

let choices: SandboxEnvOptions;
try {
  choices = sandboxEnvOptions();
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}

const sandbox = await startSandbox({ port, bankPort, secretKey, merchantName, merchantCountry, ...choices });
const lines = [
  `Sandbox gateway listening on ${sandbox.url}`,
  `  API:        ${sandbox.apiUrl}/`,
  `  Secret key: ${sandbox.secretKey}`,
  `  Control:    ${sandbox.url}/_sandbox/`,
  `  Bank:       ${sandbox.bankUrl}/ (the issuers' 3-D Secure pages)`,
  `  api_do_url: ${choices.apiDoFromBrowsers === 'open' ? 'open to browsers (CORS, no key)' : 'closed to browsers (host-to-host, Bearer key; browsers use direct_post)'}`,
  '  Test cards (any future expiry; an expiry in the past is declined "Expired card"):',
  ...TEST_CARDS.map((c) => `    ${printable(c.number).padEnd(20)} ${c.note}`),
  '    any other Luhn-valid number: approved (issued in the United States)',
  '  AVS: billing zip_code 99999 gives "no match", any other "match"; standard AVS only for cards',
  '  issued in the US, Canada and the UK (others: not supported by the issuer).',
];
console.log(lines.join('\n'));

let stopping = false;
const stop = (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: closing the sandbox`);
  sandbox.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));

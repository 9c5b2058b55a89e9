// Where the end-to-end tests run their own demo shop and sandbox. These are not the demo's ports
// (5173, 8406), so `npm test` never reuses or collides with a `npm run demo` a person left running;
// E2E_DEMO_PORT, E2E_SANDBOX_PORT and E2E_FIELDS_PORT move them again when several test runs share a machine.
export const E2E_DEMO_PORT = Number(process.env.E2E_DEMO_PORT || 5273);
export const E2E_SANDBOX_PORT = Number(process.env.E2E_SANDBOX_PORT || 8506);
/** The demo's second origin, serving the isolated card fields. */
export const E2E_FIELDS_PORT = Number(process.env.E2E_FIELDS_PORT || 5274);
export const E2E_SHOP = `http://127.0.0.1:${E2E_DEMO_PORT}`;
export const E2E_SANDBOX = `http://127.0.0.1:${E2E_SANDBOX_PORT}`;
export const E2E_FIELDS = `http://127.0.0.1:${E2E_FIELDS_PORT}`;
/** The sandbox's bank: the issuers' 3-D Secure pages, on the sandbox's port + 1 as `npm run demo` starts it. */
export const E2E_BANK = `http://127.0.0.1:${E2E_SANDBOX_PORT + 1}`;

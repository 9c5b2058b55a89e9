import { BodyTooLarge, readForm } from '../http/body.ts';
import { SCENARIOS, scenarioOf } from '../scenarios.ts';
import { VisitStore } from './cart-store.ts';

/** The pages whose picker posts here, and where it returns to. */
const PAGES = ['/', '/isolated/'] as const;

/**
 * `POST /scenario` (`scenario=<name>&page=/isolated/`): the picker of the demo's checkout page
 * changes what the visit's cart is, on the shop's server, as putting a subscription or a
 * made-to-order product in a real shop's cart changes how it is paid. The checkout's session
 * endpoint then reads the visit's scenario; nothing the page or the fields' frame send chooses it.
 * A form post from the shop's own page (the visit's cookie is SameSite=Lax: another site's form
 * comes without it).
 */
export async function scenarioRoute(request: Request, visits: VisitStore): Promise<Response | null> {
  if (new URL(request.url).pathname !== '/scenario') return null;
  if (request.method !== 'POST') return new Response(null, { status: 405, headers: { allow: 'POST' } });
  let form: URLSearchParams;
  try {
    form = await readForm(request, 1024);
  } catch (error) {
    if (error instanceof BodyTooLarge) return new Response(error.message, { status: 413 });
    throw error;
  }
  const name = form.get('scenario');
  if (!name || !Object.hasOwn(SCENARIOS, name))
    return new Response(`scenario: must be one of ${Object.keys(SCENARIOS).join(', ')}`, { status: 400 });
  const { visit, cookie } = visits.visitOf(request);
  VisitStore.chooseScenario(visit, scenarioOf(name));
  const page = PAGES.find((p) => p === form.get('page')) ?? '/';
  return new Response(null, {
    status: 303,
    headers: { location: page, 'cache-control': 'no-store', ...(cookie ? { 'set-cookie': cookie } : {}) },
  });
}

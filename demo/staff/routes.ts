import { BodyTooLarge, readForm } from '../http/body.ts';
import { htmlResponse } from '../http/headers.ts';
import { type Agent, type AgentAuth, FORM_LIMIT, safeNext } from './auth.ts';
import { renderSignInPage } from './signin-page.ts';

const html = htmlResponse;
const seeOther = (location: string, headers: Record<string, string> = {}) =>
  new Response(null, { status: 303, headers: { location, 'cache-control': 'no-store', ...headers } });

/** For a staff page: the agent, or the way to the sign-in form that leads back here. */
export function requireAgent(auth: AgentAuth, request: Request): Agent | Response {
  const agent = auth.agentOf(request);
  if (agent) return agent;
  const url = new URL(request.url);
  return seeOther(`/signin?next=${encodeURIComponent(safeNext(url.pathname))}`);
}

/** For a staff API (JSON, event stream): the agent, or 401. */
export function requireAgentApi(auth: AgentAuth, request: Request): Agent | Response {
  return (
    auth.agentOf(request) ??
    Response.json(
      { error: { type: 'unauthorized', message: 'sign in as an agent first (/signin)' } },
      { status: 401, headers: { 'cache-control': 'no-store' } },
    )
  );
}

/** GET/POST /signin and POST /signout; null for other addresses. */
export async function staffRoutes(
  auth: AgentAuth,
  request: Request,
  remoteAddress: string,
): Promise<Response | null> {
  const url = new URL(request.url);
  if (url.pathname === '/signin') {
    if (request.method === 'GET' || request.method === 'HEAD') {
      const next = safeNext(url.searchParams.get('next'));
      if (auth.agentOf(request)) return seeOther(next);
      return html(renderSignInPage({ next }));
    }
    if (request.method !== 'POST')
      return new Response(null, { status: 405, headers: { allow: 'GET, POST' } });
    const result = await auth.signIn(request, remoteAddress);
    if (result.ok) return seeOther(result.next, { 'set-cookie': result.cookie });
    const page = html(
      renderSignInPage({ next: result.next, message: result.message, user: result.user }),
      result.status,
    );
    if (result.retryAfterSeconds) page.headers.set('retry-after', String(result.retryAfterSeconds));
    return page;
  }
  if (url.pathname === '/signout') {
    if (request.method !== 'POST') return new Response(null, { status: 405, headers: { allow: 'POST' } });
    let form: URLSearchParams;
    try {
      form = await readForm(request, FORM_LIMIT);
    } catch (error) {
      if (error instanceof BodyTooLarge) return new Response(error.message, { status: 413 });
      throw error;
    }
    const agent = auth.agentForChange(request, form.get('csrf'));
    if (!agent) return seeOther('/signin');
    return seeOther('/signin', { 'set-cookie': auth.signOut(agent) });
  }
  return null;
}

import { escapeHtml, staffPage } from './layout.ts';

const STYLE = `
.signin{max-width:24rem;margin:12vh auto 2rem;padding:1.75rem;background:var(--card);border:1px solid var(--line);border-radius:12px;box-shadow:0 1px 2px rgb(20 33 61/.06)}
.signin h1{font-size:1.35rem;margin-block-end:.35rem}
.signin form{display:grid;gap:.35rem;margin-block-start:1.25rem}
.signin label{font-weight:600;font-size:.9rem;margin-block-start:.6rem}
.signin input{width:100%}
.signin button{margin-block-start:1.1rem;width:100%}
.signin .error{margin:.9rem 0 0;padding:.6rem .75rem;border-radius:6px;background:#fdecea;color:var(--bad);font-size:.9rem}
@media (max-width:640px){.signin{margin:1.25rem .85rem;padding:1.25rem}}
`;

/** GET /signin: the agent's sign-in form; `message` after a failed try, with the user name kept. */
export function renderSignInPage(options: { next: string; message?: string; user?: string }): string {
  const { next, message, user } = options;
  const section = next.startsWith('/moto/') ? 'phone orders' : 'the back office';
  return staffPage({
    title: 'Sign in',
    style: STYLE,
    body: `<main class="signin" aria-labelledby="signin-title">
<h1 id="signin-title">Sign in</h1>
<p class="note">Staff only: sign in to use ${section}.</p>
${message ? `<p class="error" role="alert" id="signin-error">${escapeHtml(message)}</p>` : ''}
<form method="post" action="/signin">
<input type="hidden" name="next" value="${escapeHtml(next)}">
<label for="user">User name</label>
<input id="user" name="user" type="text" autocomplete="username" autocapitalize="none" spellcheck="false" required value="${escapeHtml(user ?? '')}"${message ? ' aria-describedby="signin-error"' : ''}${user ? '' : ' autofocus'}>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${user ? ' autofocus' : ''}${message ? ' aria-describedby="signin-error" aria-invalid="true"' : ''}>
<button class="btn primary" type="submit">Sign in</button>
</form>
</main>`,
  });
}

import { OAUTH_PATHS, OAUTH_SCOPES } from '../../contract/index.ts';
import { escapeHtml as e } from '../http/html.ts';
import { AUTHORIZE_PARAM_NAMES, type AuthorizeParams, type ValidRequest } from './authorize-request.ts';

/**
 * The consent page the reference server serves at /v3/oauth/authorize: sign in with e-mail and password, then pick
 * the business to connect and approve or deny. Every value is escaped; no script; forms carry the CSRF token and the
 * original request parameters (re-validated on every POST, never trusted).
 */

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;max-width:30rem;margin:3rem auto;padding:0 1rem;color:#222}
h1{font-size:1.4rem}ul{padding-left:1.2rem}label{display:block;margin:.8rem 0 .2rem}input[type=email],input[type=password]{width:100%;padding:.5rem;font:inherit}
.actions{display:flex;gap:.6rem;margin-top:1.2rem}button{font:inherit;padding:.6rem 1.2rem;border-radius:.4rem;border:1px solid #999;background:#fff;cursor:pointer}
button.primary{background:#0a7;border-color:#0a7;color:#fff}.error{color:#b00020}.muted{color:#666;font-size:.9rem}fieldset{border:1px solid #ccc;border-radius:.4rem}`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(title)}</title><style>${STYLE}</style></head><body>
${body}
</body></html>`;
}

export const errorPage = (message: string) =>
  layout('Authorization error', `<h1>Authorization error</h1><p class="error" role="alert">${e(message)}</p>
<p class="muted">Return to the application and try again.</p>`);

type PageState = { request: ValidRequest; params: AuthorizeParams; csrf: string; error?: string };

const hiddenParams = (params: AuthorizeParams, csrf: string) =>
  [...AUTHORIZE_PARAM_NAMES.map((name) => (params[name] === undefined ? '' : `<input type="hidden" name="${name}" value="${e(params[name])}">`)),
    `<input type="hidden" name="csrf_token" value="${e(csrf)}">`].join('');

function appSummary({ request }: PageState): string {
  const { client } = request;
  const back = new URL(request.redirectUri);
  const identity = client.source === 'metadata_document' ? ` <span class="muted">(${e(new URL(client.client_id).host)})</span>` : '';
  const scopes = request.scopes.map((s) => `<li><strong>${e(OAUTH_SCOPES[s])}</strong> <span class="muted">${e(s)}</span></li>`).join('');
  return `<h1>Connect ${e(client.name)}${identity}</h1>
<p><strong>${e(client.name)}</strong> asks to act for you in one of your businesses. It will be able to:</p>
<ul>${scopes}</ul>
<p class="muted">You will be sent back to ${e(back.origin)}.</p>`;
}

const errorLine = (error?: string) => (error ? `<p class="error" role="alert">${e(error)}</p>` : '');

export function signInPage(state: PageState & { email?: string }): string {
  return layout(`Connect ${state.request.client.name}`, `${appSummary(state)}
${errorLine(state.error)}
<form method="post" action="${OAUTH_PATHS.authorize}">
${hiddenParams(state.params, state.csrf)}
<label for="email">Business account e-mail</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${e(state.email ?? '')}">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
<div class="actions">
<button class="primary" type="submit" name="decision" value="sign_in">Sign in</button>
<button type="submit" name="decision" value="deny" formnovalidate>Cancel</button>
</div>
</form>`);
}

export type Choice = { id: number; name: string; role: string };

export function approvePage(state: PageState & { ticket: string; user: { email: string; name: string }; businesses: Choice[] }): string {
  const choices = state.businesses.map((b, i) =>
    `<label><input type="radio" name="business_id" value="${b.id}"${i === 0 ? ' checked' : ''} required> ${e(b.name)} <span class="muted">(${e(b.role)})</span></label>`).join('\n');
  const body = state.businesses.length
    ? `<fieldset><legend>Business to connect</legend>\n${choices}\n</fieldset>`
    : '<p class="error" role="alert">You have no active business you can connect (an invitation must be accepted first).</p>';
  return layout(`Connect ${state.request.client.name}`, `${appSummary(state)}
<p>Signed in as <strong>${e(state.user.name)}</strong> (${e(state.user.email)}).</p>
${errorLine(state.error)}
<form method="post" action="${OAUTH_PATHS.authorize}">
${hiddenParams(state.params, state.csrf)}
<input type="hidden" name="ticket" value="${e(state.ticket)}">
${body}
<div class="actions">
${state.businesses.length ? '<button class="primary" type="submit" name="decision" value="approve">Approve</button>' : ''}
<button type="submit" name="decision" value="deny" formnovalidate>Deny</button>
</div>
</form>`);
}

import { Hono, type Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { jwtVerify, SignJWT } from 'jose';
import { timingSafeEqual } from 'node:crypto';
import type { AppEnv, RouteDeps } from '../app-env.ts';
import { businessUserAccount } from '../domain/login-throttle.ts';
import { clientIp } from '../http/client-ip.ts';
import { readBodyText } from '../http/request-body.ts';
import { scopesBeyondRole, type BusinessRoleName } from '../http/business-roles.ts';
import { randomToken, sha256, verifyPassword } from '../domain/passwords.ts';
import { serverSecret } from '../domain/secrets.ts';
import { AUTHORIZE_PARAM_NAMES, checkAuthorizeRequest, redirectWith, type AuthorizeParams, type ValidRequest } from '../oauth/authorize-request.ts';
import { approvePage, errorPage, signInPage } from '../oauth/consent-page.ts';
import { approveInstallation, connectableBusinesses } from '../oauth/installations.ts';
import { issueCode } from '../oauth/tokens.ts';
import { publicBaseUrl } from './orders.ts';
import { sql } from '../db/statements.ts';

const CSRF_COOKIE = 'svc_oauth_csrf';
const TICKET_AUDIENCE = 'oauth-consent';

type Form = Record<string, string>;
type Ticket = { userId: number; cid: string; ruri: string; scp: string; cc: string | null; st: string | null };

const sameText = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * GET /v3/oauth/authorize shows the consent page; POST /v3/oauth/authorize takes its decisions: `sign_in` (e-mail
 * and password of a business user), then `approve` (with a business) or `deny`. Between the two steps a short-lived
 * signed ticket carries who signed in and for which exact request, so the password is asked once and nothing the
 * browser sends back can widen the request. CSRF: a random HttpOnly SameSite=Strict cookie that every POST must echo.
 */
export function oauthAuthorizeRoutes({ db, config, signIns }: RouteDeps) {
  const app = new Hono<AppEnv>();
  const ticketKey = () => serverSecret(db, 'oauth_consent_hs256');

  function page(c: Context, html: string, redirectUri: string | undefined, status: 200 | 400 | 403 = 200) {
    // form-action must allow where approving redirects to: browsers apply it to the redirect after a form POST.
    const formTargets = redirectUri ? ` ${new URL(redirectUri).origin}` : '';
    c.header('Content-Security-Policy', `default-src 'none'; style-src 'unsafe-inline'; form-action 'self'${formTargets}; frame-ancestors 'none'; base-uri 'none'`);
    c.header('X-Frame-Options', 'DENY');
    c.header('Cache-Control', 'no-store');
    c.header('Referrer-Policy', 'no-referrer');
    return c.html(html, status);
  }

  /** The CSRF value of this browser: kept if it has one (several consent tabs), else a new one. */
  function csrfCookie(c: Context): string {
    const existing = getCookie(c, CSRF_COOKIE);
    if (existing && /^[A-Za-z0-9_-]{43}$/.test(existing)) return existing;
    const value = randomToken();
    setCookie(c, CSRF_COOKIE, value, {
      path: '/v3/oauth', httpOnly: true, sameSite: 'Strict', secure: publicBaseUrl(config, c).startsWith('https:'), maxAge: config.oauth.consentSeconds,
    });
    return value;
  }

  const paramsOf = (source: Form): AuthorizeParams =>
    Object.fromEntries(AUTHORIZE_PARAM_NAMES.filter((n) => typeof source[n] === 'string').map((n) => [n, source[n]]));

  async function signTicket(userId: number, r: ValidRequest, csrf: string): Promise<string> {
    const claims: Omit<Ticket, 'userId'> & { csrf: string } = {
      cid: r.client.client_id, ruri: r.redirectUri, scp: r.scopes.join(' '), cc: r.codeChallenge, st: r.state ?? null, csrf: sha256(csrf),
    };
    return new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setSubject(String(userId)).setAudience(TICKET_AUDIENCE)
      .setIssuedAt().setExpirationTime(Math.floor(Date.now() / 1000) + config.oauth.consentSeconds).sign(ticketKey());
  }

  /** The signed-in user of a ticket, if it was issued for this very request and this browser's CSRF value. */
  async function ticketUser(ticket: string | undefined, r: ValidRequest, csrf: string): Promise<number | undefined> {
    if (!ticket) return undefined;
    try {
      const { payload } = await jwtVerify(ticket, ticketKey(), { audience: TICKET_AUDIENCE, algorithms: ['HS256'] });
      const same = payload.cid === r.client.client_id && payload.ruri === r.redirectUri && payload.scp === r.scopes.join(' ')
        && payload.cc === r.codeChallenge && payload.st === (r.state ?? null) && payload.csrf === sha256(csrf);
      return same ? Number(payload.sub) : undefined;
    } catch {
      return undefined;
    }
  }

  app.get('/', async (c) => {
    const params = paramsOf(c.req.query());
    const check = await checkAuthorizeRequest(db, params, publicBaseUrl(config, c), config.oauth);
    if (!check.ok) return 'page' in check ? page(c, errorPage(check.page), undefined, 400) : c.redirect(check.redirect, 302);
    return page(c, signInPage({ request: check.request, params, csrf: csrfCookie(c) }), check.request.redirectUri);
  });

  app.post('/', async (c) => {
    // The consent page posts a urlencoded form; anything else yields no fields (and fails the CSRF check below).
    const urlencoded = (c.req.header('content-type') ?? '').includes('application/x-www-form-urlencoded');
    const form: Form = urlencoded ? Object.fromEntries(new URLSearchParams(await readBodyText(c))) : {};
    const cookie = getCookie(c, CSRF_COOKIE);
    if (!cookie || !form.csrf_token || !sameText(cookie, form.csrf_token)) {
      return page(c, errorPage('This form has expired or did not come from this page. Start again from the application.'), undefined, 403);
    }
    const issuer = publicBaseUrl(config, c);
    const params = paramsOf(form);
    const check = await checkAuthorizeRequest(db, params, issuer, config.oauth);
    if (!check.ok) return 'page' in check ? page(c, errorPage(check.page), undefined, 400) : c.redirect(check.redirect, 303);
    const request = check.request;
    const state = { request, params, csrf: cookie };
    const back = (answer: Record<string, string | undefined>) => c.redirect(redirectWith(request.redirectUri, { ...answer, state: request.state }, issuer), 303);

    if (form.decision === 'deny') return back({ error: 'access_denied', error_description: 'The user denied the request' });

    if (form.decision === 'sign_in') {
      const email = (form.email ?? '').trim().toLowerCase();
      const [account, client] = [businessUserAccount(email), clientIp(c, config.trustProxy)]; // shared with leave
      const wait = signIns.waitFor(account, client);
      if (wait) {
        c.header('Retry-After', String(wait));
        return c.text('Too many failed sign-ins, please retry later.', 429);
      }
      const user = sql(db, 'SELECT id, email, name, password_hash FROM business_users WHERE email = ?').get(email) as
        { id: number; email: string; name: string; password_hash: string } | undefined;
      if (!(await verifyPassword(form.password ?? '', user?.password_hash)) || !user) {
        signIns.fail(account, client);
        return page(c, signInPage({ ...state, email, error: 'The e-mail or password is incorrect.' }), request.redirectUri);
      }
      signIns.succeed(account, client);
      const ticket = await signTicket(user.id, request, cookie);
      return page(c, approvePage({ ...state, ticket, user, businesses: connectableBusinesses(db, user.id) }), request.redirectUri);
    }

    if (form.decision === 'approve') {
      const userId = await ticketUser(form.ticket, request, cookie);
      if (userId === undefined) return page(c, signInPage({ ...state, error: 'Your sign-in has expired. Sign in again.' }), request.redirectUri);
      const business = connectableBusinesses(db, userId).find((b) => String(b.id) === form.business_id);
      if (!business) return page(c, errorPage('Choose one of your active businesses.'), undefined, 400);
      // An app acts for its user: it may hold only what the user's role holds (http/business-roles.ts).
      const beyond = scopesBeyondRole(business.role as BusinessRoleName, request.scopes);
      if (beyond.length) {
        return page(c, errorPage(`As ${business.role} of ${business.name} you cannot grant: ${beyond.join(', ')}. Ask an owner or admin to connect this app.`), undefined, 403);
      }
      const installation = approveInstallation(db, request.client.client_id, userId, business.id, request.scopes);
      const code = issueCode(db, {
        installationId: installation.id, clientId: request.client.client_id, redirectUri: request.redirectUri,
        codeChallenge: request.codeChallenge, scopes: request.scopes,
      }, config.oauth);
      return back({ code });
    }
    return page(c, errorPage('Unknown decision.'), undefined, 400);
  });

  return app;
}

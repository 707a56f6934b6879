import { after } from 'node:test';
import { describedRoutes, documentedStatuses } from '../../src/server/openapi/document.ts';

/**
 * Keeps /v3/openapi.json honest about statuses: every answer a test server gives (testServer's `app.request`) is
 * recorded against the documented route it matched, and once the file's tests are over every (route, status) seen
 * must be one the document lists for that route. A status a test provokes that the document does not list fails
 * the file, naming route and status. Requests to no documented route, and preflights, are not judged. It costs a
 * look-up per request against the route table (the statuses /v3/openapi.json lists: openapi/document.ts).
 */
type Route = { method: string; template: string; pattern: RegExp; literals: number; statuses: Set<string> };

const routes = new Map<boolean, Route[]>(); // by devRoutes
const seen = new Map<string, string>(); // "METHOD template status" → an example request

function documentedRoutes(devRoutes: boolean): Route[] {
  return describedRoutes(devRoutes).map((route) => ({
    method: route.method.toUpperCase(), template: route.path,
    pattern: new RegExp(`^${route.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '[^/]+')}$`),
    literals: route.path.split('/').filter((segment) => segment && !segment.startsWith('{')).length,
    statuses: new Set(documentedStatuses(route).map(String)),
  }));
}

/** The most specific documented route of a request (literal segments win over parameters), if any. */
function routeOf(method: string, path: string, devRoutes: boolean): Route | undefined {
  const documented = routes.get(devRoutes) ?? documentedRoutes(devRoutes);
  routes.set(devRoutes, documented);
  let best: Route | undefined;
  for (const route of documented) {
    if (route.method === method && route.pattern.test(path) && (!best || route.literals > best.literals)) best = route;
  }
  return best;
}

/** One answer of a server whose dev routes are on or off (the document describes them only when on). */
export function recordStatus(method: string, input: string | URL | Request, status: number, devRoutes: boolean): void {
  const upper = method.toUpperCase();
  if (upper === 'OPTIONS' || upper === 'HEAD') return;
  const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
  const route = routeOf(upper, url.pathname, devRoutes);
  if (!route || route.statuses.has(String(status))) return;
  const key = `${upper} ${route.template} ${status}`;
  if (!seen.has(key)) seen.set(key, `${upper} ${url.pathname}`);
}

// A failing exit code rather than a throw: a root `after` hook that throws leaves some files' test processes hanging
// on Node 20. The runner reports the file as failed (`exitCode: 1`) with this message in its output.
after(() => {
  if (!seen.size) return;
  const list = [...seen].map(([key, example]) => `${key} (e.g. ${example})`).join('\n  ');
  console.error(`Statuses the tests observed that /v3/openapi.json does not list for the route (src/server/openapi/route-table.ts):\n  ${list}`);
  process.exitCode = 1;
});

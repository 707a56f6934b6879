import { Hono } from 'hono';
import type { AppEnv, RouteDeps } from '../app-env.ts';
import type { ServerConfig } from '../config.ts';
import { openApiDocument } from '../openapi/document.ts';
import { publicBaseUrl } from './orders.ts';

/** GET /v3/openapi.json: built on first request for each public base URL (one, when `publicUrl` is configured). */
export function openApiRoutes(config: Pick<ServerConfig, 'publicUrl' | 'devRoutes'>) {
  const app = new Hono();
  const bodies = new Map<string, string>();
  app.get('/openapi.json', (c) => {
    const base = publicBaseUrl(config, c);
    let body = bodies.get(base);
    if (body === undefined) {
      body = JSON.stringify(openApiDocument(base, { devRoutes: config.devRoutes }));
      if (bodies.size < 10) bodies.set(base, body); // Host headers are the client's: never an unbounded cache
    }
    c.header('Access-Control-Allow-Origin', '*'); // a public description, readable from any docs viewer
    return c.body(body, 200, { 'Content-Type': 'application/json; charset=utf-8' });
  });
  return app;
}

/** The OpenAPI document of every mounted route (openapi/route-table.ts, checked against the routes by a test). */
export function mountOpenApi(app: Hono<AppEnv>, deps: RouteDeps): void {
  app.route('/v3', openApiRoutes(deps.config));
}

import { Hono } from 'hono';
import { openApiDocument } from '../openapi/document.ts';

/** GET /v3/openapi.json: built once, on first request. */
export function openApiRoutes() {
  const app = new Hono();
  let body: string | undefined;
  app.get('/openapi.json', (c) => {
    body ??= JSON.stringify(openApiDocument());
    c.header('Access-Control-Allow-Origin', '*'); // a public description, readable from any docs viewer
    return c.body(body, 200, { 'Content-Type': 'application/json; charset=utf-8' });
  });
  return app;
}

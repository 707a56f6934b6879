import { Hono, type Context } from 'hono';
import type { RouteDeps } from '../app-env.ts';
import { findOrder, markOrderPaid, type OrderRow } from '../domain/orders.ts';
import { publicOrderUrl, toPublicOrder } from '../domain/public-order.ts';
import { findStoreById } from '../domain/stores.ts';
import { notFound } from '../errors.ts';
import { escapeHtml } from '../http/html.ts';
import { publicBaseUrl } from './orders.ts';

export { escapeHtml };

const idr = (amount: number) => new Intl.NumberFormat('id-ID', { style: 'currency', currency: 'IDR', maximumFractionDigits: 0 }).format(amount);

function page(order: OrderRow, storeName: string, orderUrl: string): string {
  const paid = order.payment_status === 'paid';
  const method = [order.payment_method, order.sub_payment_method].filter(Boolean).join(' / ');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,">
<title>Reference payment – ${escapeHtml(storeName)}</title>
<style>body{font:16px system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem}dt{color:#666}dd{margin:0 0 .75rem}
button{font:inherit;padding:.6rem 1.2rem;border-radius:.4rem;border:0;background:#0a7;color:#fff;cursor:pointer}button:disabled{background:#999}</style>
</head><body>
<h1>Reference payment</h1>
<p>Development simulator of a payment provider. No money moves.</p>
<dl>
<dt>Store</dt><dd>${escapeHtml(storeName)}</dd>
<dt>Amount</dt><dd><strong>${escapeHtml(idr(order.gross_revenue))}</strong></dd>
<dt>Method</dt><dd>${escapeHtml(method)}</dd>
<dt>Payment status</dt><dd data-payment-status>${escapeHtml(order.payment_status)}</dd>
</dl>
<form method="post"><button type="submit"${paid ? ' disabled' : ''}>${paid ? 'Paid' : 'Mark as paid'}</button></form>
<p><a href="${escapeHtml(orderUrl)}">Back to the order</a></p>
</body></html>`;
}

/**
 * Dev-only payment simulator under /__reference (mounted only with `devRoutes`): the hosted page that
 * `payment_url` points to, and a JSON route that tests and e2e use to mark any order paid.
 */
export function paymentSimulatorRoutes({ db, config }: RouteDeps) {
  const app = new Hono();

  const orderOf = (c: Context) => {
    const order = findOrder(db, c.req.param('secret_slug') ?? '');
    if (!order) throw notFound('Order not found');
    return order;
  };

  app.get('/pay/:secret_slug', (c) => {
    const order = orderOf(c);
    const store = findStoreById(db, order.store_id);
    // an empty icon of its own: else Firefox asks for /favicon.ico, and the policy's refusal is a console error
    c.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; img-src data:; form-action 'self'");
    c.header('Cache-Control', 'no-store');
    return c.html(page(order, store?.name ?? '', publicOrderUrl(publicBaseUrl(config, c), order.secret_slug, store?.order_status_url)));
  });

  app.post('/pay/:secret_slug', (c) => {
    const order = markOrderPaid(db, orderOf(c).secret_slug);
    return c.redirect(`/__reference/pay/${encodeURIComponent(order.secret_slug)}`, 303);
  });

  app.post('/orders/:secret_slug/pay', (c) => {
    const order = markOrderPaid(db, orderOf(c).secret_slug);
    const store = findStoreById(db, order.store_id)!;
    return c.json(toPublicOrder(db, store, order, publicBaseUrl(config, c)));
  });

  return app;
}

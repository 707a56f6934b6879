import { Hono } from 'hono';
import * as z from 'zod/mini';
import {
  IdInput, ItemsCountQuery, ItemsQuery, VariantPricingQuery,
} from '../../contract/index.ts';
import type { AppEnv, RouteDeps } from '../app-env.ts';
import {
  countItems, getBundlePriceOption, getProduct, listCategories, listItems, listPaymentMethods, variantAvailability, variantPricing,
} from '../domain/catalog.ts';
import { hostedPaymentsAvailable } from '../domain/payments.ts';
import { notFound, parseWith } from '../errors.ts';
import { parseQuery } from '../http/request-body.ts';

/** Catalog and lookup routes under /v3/stores/{store_id}/public (the store gate has run). */
export function catalogRoutes({ db, config, catalogCache }: RouteDeps) {
  const app = new Hono<AppEnv>();
  const cached = catalogCache.middleware(); // pricing and availability stay live

  app.get('/items', cached, (c) => c.json(listItems(db, c.var.store.id, parseQuery(c, ItemsQuery))));
  app.get('/items/count', cached, (c) => c.json({ total: countItems(db, c.var.store.id, parseQuery(c, ItemsCountQuery).category) }));

  app.get('/products/:slug', cached, (c) => {
    const product = getProduct(db, c.var.store.id, c.req.param('slug'));
    if (!product) throw notFound('Product not found');
    return c.json(product);
  });
  app.get('/bundle-price-options/:slug', cached, (c) => {
    const option = getBundlePriceOption(db, c.var.store.id, c.req.param('slug'));
    if (!option) throw notFound('Bundle price option not found');
    return c.json(option);
  });

  app.get('/categories', cached, (c) => c.json(listCategories(db, c.var.store.id)));
  app.get('/payment-methods', cached, (c) => c.json(listPaymentMethods(db, c.var.store.id, { hosted: hostedPaymentsAvailable(config) })));

  app.get('/variants/pricing', (c) => {
    // `variant_ids=1,2,3`, or the parameter repeated
    const raw = (c.req.queries('variant_ids') ?? []).flatMap((v) => v.split(',')).map((v) => v.trim()).filter(Boolean);
    const { variant_ids } = parseWith(VariantPricingQuery, { variant_ids: raw }, 'query');
    return c.json(variantPricing(db, c.var.store.id, [...new Set(variant_ids)]));
  });
  app.get('/variants/:variant_id/availability', (c) => {
    const id = parseWith(z.object({ variant_id: IdInput }), c.req.param(), 'path').variant_id;
    const availability = variantAvailability(db, c.var.store.id, id);
    if (!availability) throw notFound('Variant not found');
    return c.json(availability);
  });

  return app;
}

import { Hono } from 'hono';
import * as z from 'zod/mini';
import { CityQuery, IdInput, LocationSearchQuery, PostalCodeQuery, ProvinceQuery, SubdistrictQuery } from '../../contract/index.ts';
import type { AppEnv, RouteDeps } from '../app-env.ts';
import {
  InvalidCursorError, listCities, listPostalCodes, listProvinces, listSubdistricts, searchLocations,
} from '../domain/locations.ts';
import { fieldError, notFound, parseWith } from '../errors.ts';
import { parseQuery } from '../http/request-body.ts';

/**
 * The five delivery-location routes. Mounted under the storefront (`/public/locations`) and under the page runtime
 * (`/v3/pages/{page_unique_id}/locations`) with the same parameters and answers.
 */
export function locationRoutes({ db }: RouteDeps) {
  const app = new Hono<AppEnv>();

  app.get('/', (c) => {
    const q = parseQuery(c, LocationSearchQuery);
    const cursor = q.previous_cursor ?? q.next_cursor;
    try {
      return c.json(searchLocations(db, {
        search: q.search, pageSize: q.page_size, cursor, direction: q.previous_cursor ? 'previous' : 'next',
      }));
    } catch (error) {
      if (error instanceof InvalidCursorError) {
        const param = q.previous_cursor ? 'previous_cursor' : 'next_cursor';
        throw fieldError(`query.${param}`, `${param} is not a cursor this server issued`);
      }
      throw error;
    }
  });
  app.get('/provinces', (c) => c.json(listProvinces(db, parseQuery(c, ProvinceQuery).search)));
  app.get('/cities', (c) => {
    const q = parseQuery(c, CityQuery);
    const cities = listCities(db, q.province_id, q.search);
    if (!cities) throw notFound('Province not found');
    return c.json(cities);
  });
  app.get('/subdistricts', (c) => {
    const q = parseQuery(c, SubdistrictQuery);
    const subdistricts = listSubdistricts(db, q.city_id, q.search);
    if (!subdistricts) throw notFound('City not found');
    return c.json(subdistricts);
  });
  app.get('/:location_id/postal-codes', (c) => {
    const { location_id } = parseWith(z.object({ location_id: IdInput }), c.req.param(), 'path');
    const codes = listPostalCodes(db, location_id, parseQuery(c, PostalCodeQuery).search);
    if (!codes) throw notFound('Location not found');
    return c.json(codes);
  });
  return app;
}

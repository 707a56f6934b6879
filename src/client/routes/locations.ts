import { CityList, LocationPage, PostalCodeList, ProvinceList, SubdistrictList } from '../../contract/json-schemas/index.ts';
import type { Client } from '../client.ts';
import type { CallOptions } from '../transport.ts';

/**
 * Delivery-location lookup. The storefront (`/public/locations`) and the HTML Mode page (`/pages/{id}/locations`)
 * serve the same routes; `via: 'page'` picks the page ones (page key instead of store key). Cached briefly.
 */
export type LocationCallOptions = CallOptions & { via?: 'store' | 'page' };

const base = (client: Client, via: LocationCallOptions['via']) =>
  via === 'page' ? client.pagePath('/locations') : client.storePath('/public/locations');

export type LocationSearchParams = { search?: string; page_size?: number; next_cursor?: string; previous_cursor?: string };

/** Province, city or subdistrict search, cursor-paginated. */
export const searchLocations = (client: Client, params: LocationSearchParams, options: LocationCallOptions = {}) =>
  client.request({ method: 'GET', path: base(client, options.via), query: params, schema: LocationPage, cache: true }, options);

export const listProvinces = (client: Client, params: { search?: string } = {}, options: LocationCallOptions = {}) =>
  client.request({ method: 'GET', path: `${base(client, options.via)}/provinces`, query: params, schema: ProvinceList, cache: true }, options);

export const listCities = (client: Client, params: { province_id?: number | string; search?: string }, options: LocationCallOptions = {}) =>
  client.request({ method: 'GET', path: `${base(client, options.via)}/cities`, query: params, schema: CityList, cache: true }, options);

export const listSubdistricts = (client: Client, params: { city_id?: number | string; search?: string }, options: LocationCallOptions = {}) =>
  client.request({ method: 'GET', path: `${base(client, options.via)}/subdistricts`, query: params, schema: SubdistrictList, cache: true }, options);

export const listPostalCodes = (client: Client, locationId: number | string, params: { search?: string } = {}, options: LocationCallOptions = {}) =>
  client.request(
    { method: 'GET', path: `${base(client, options.via)}/${encodeURIComponent(String(locationId))}/postal-codes`, query: params, schema: PostalCodeList, cache: true },
    options,
  );

import * as z from 'zod/mini';
import { IdInput } from './common.ts';
import { pageQuery, paginated } from './pagination.ts';

export const LocationType = z.enum(['province', 'city', 'subdistrict']);
export type LocationType = z.infer<typeof LocationType>;

/**
 * One search hit. Ids are the official area codes with the dots removed (province `32`, city `3273`,
 * subdistrict `327301`); a delivery destination is always a subdistrict.
 */
export const Location = z.object({
  id: z.int(),
  type: LocationType,
  name: z.string(),
  label: z.string(),
  province_id: z.int(),
  province_name: z.string(),
  city_id: z.nullable(z.int()),
  city_name: z.nullable(z.string()),
  subdistrict_id: z.nullable(z.int()),
  subdistrict_name: z.nullable(z.string()),
});
export type Location = z.infer<typeof Location>;
export const LocationPage = paginated(Location);
export type LocationPage = z.infer<typeof LocationPage>;

export const Province = z.object({ id: z.int(), name: z.string() });
export const City = z.object({ id: z.int(), name: z.string(), province_id: z.int() });
export const Subdistrict = z.object({ id: z.int(), name: z.string(), city_id: z.int() });
/** A postal area of a subdistrict: a village (kelurahan/desa) and its five-digit postal code. */
export const PostalCode = z.object({ id: z.int(), name: z.string(), postal_code: z.string() });
export type Province = z.infer<typeof Province>;
export type City = z.infer<typeof City>;
export type Subdistrict = z.infer<typeof Subdistrict>;
export type PostalCode = z.infer<typeof PostalCode>;

export const ProvinceList = z.array(Province);
export const CityList = z.array(City);
export const SubdistrictList = z.array(Subdistrict);
export const PostalCodeList = z.array(PostalCode);

const search = z.optional(z.string().check(z.maxLength(100)));
export const LocationSearchQuery = pageQuery({ search });
export const ProvinceQuery = z.object({ search });
export const CityQuery = z.object({ province_id: z.optional(IdInput), search });
export const SubdistrictQuery = z.object({ city_id: z.optional(IdInput), search });
export const PostalCodeQuery = z.object({ search });

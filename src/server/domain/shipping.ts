import type { Destination, ShippingOption } from '../../contract/index.ts';
import type { Db } from '../db/database.ts';
import { fieldError } from '../errors.ts';
import { getSubdistrict, isPostalCodeOf, type SubdistrictDetail } from './locations.ts';
import { sql } from '../db/statements.ts';

/** 0 same city, 1 same province, 2 same island group, 3 elsewhere: the index into a service's tariff arrays. */
export type Zone = 0 | 1 | 2 | 3;

type CourierService = { code: string; name: string; base: number[]; per_kg: number[]; etd: [number, number][] };

/** A shipping option with integer money, as the domain uses it. */
export type ShippingQuote = {
  courier: string; courierName: string; service: string; serviceName: string; warehouseId: number;
  cost: number; etdMin: number; etdMax: number; codAvailable: boolean;
  /** The cash-on-delivery fee included in `cost` (0 without COD). */
  codFee: number;
};

export type ResolvedDestination = SubdistrictDetail & { postalCode: string | null; address: string | null };

export type ShippingChoiceInput = { courier?: string; courier_service?: string; warehouse_id?: number };

/** Checks that the destination is a subdistrict and that a given postal code lies in it. */
export function resolveDestination(db: Db, destination: Destination, prefix = 'destination'): ResolvedDestination {
  const area = getSubdistrict(db, destination.location_id);
  if (!area) throw fieldError(`${prefix}.location_id`, 'Choose a subdistrict (kecamatan) as the destination');
  if (destination.postal_code !== undefined && !isPostalCodeOf(db, area.id, destination.postal_code)) {
    throw fieldError(`${prefix}.postal_code`, `Postal code ${destination.postal_code} is not in ${area.name}`);
  }
  return { ...area, postalCode: destination.postal_code ?? null, address: destination.address ?? null };
}

// Province ids start with the island group: 1 Sumatra, 3 Java, 5 Bali and Nusa Tenggara, 6 Kalimantan, …
const islandGroup = (provinceId: number) => String(provinceId)[0];

export function zoneBetween(from: SubdistrictDetail, to: SubdistrictDetail): Zone {
  if (from.city_id === to.city_id) return 0;
  if (from.province_id === to.province_id) return 1;
  return islandGroup(from.province_id) === islandGroup(to.province_id) ? 2 : 3;
}

const roundUpTo = (step: number, amount: number) => Math.ceil(amount / step) * step;

/** `base + per_kg × whole kilograms` (at least 1 kg), rounded up to Rp 500. */
export function freightCost(service: Pick<CourierService, 'base' | 'per_kg'>, zone: Zone, weightGrams: number): number {
  const kilograms = Math.max(1, Math.ceil(weightGrams / 1000));
  return roundUpTo(500, service.base[zone] + service.per_kg[zone] * kilograms);
}

/** Cash on delivery: 1 % of the product price, at least Rp 1,000, added to the shipping cost. */
export const codFee = (productPrice: number) => Math.max(1000, Math.ceil(productPrice / 100));

export type ShippingRequest = { destination: SubdistrictDetail; weightGrams: number; productPrice: number; cod: boolean };

/** Every warehouse × courier × service of the store for this parcel, cheapest first (COD: COD couriers only). */
export function listShippingOptions(db: Db, storeId: number, request: ShippingRequest): ShippingQuote[] {
  const warehouses = sql(db, 'SELECT id, location_id FROM warehouses WHERE store_id = ? ORDER BY id').all(storeId) as
    { id: number; location_id: number }[];
  const couriers = sql(db, 'SELECT code, name, services, supports_cod FROM couriers WHERE store_id = ? ORDER BY code')
    .all(storeId) as { code: string; name: string; services: string; supports_cod: number }[];
  const options: ShippingQuote[] = [];
  const fee = request.cod ? codFee(request.productPrice) : 0;
  for (const warehouse of warehouses) {
    const origin = getSubdistrict(db, warehouse.location_id);
    if (!origin) continue;
    const zone = zoneBetween(origin, request.destination);
    for (const courier of couriers) {
      if (request.cod && !courier.supports_cod) continue;
      for (const service of JSON.parse(courier.services) as CourierService[]) {
        const [etdMin, etdMax] = service.etd[zone];
        options.push({
          courier: courier.code, courierName: courier.name, service: service.code, serviceName: service.name,
          warehouseId: warehouse.id, etdMin, etdMax, codAvailable: courier.supports_cod === 1, codFee: fee,
          cost: freightCost(service, zone, request.weightGrams) + fee,
        });
      }
    }
  }
  return options.sort((a, b) => a.cost - b.cost || a.etdMin - b.etdMin || a.courier.localeCompare(b.courier)
    || a.service.localeCompare(b.service) || a.warehouseId - b.warehouseId);
}

export const toShippingOption = (q: ShippingQuote): ShippingOption => ({
  courier: q.courier, courier_name: q.courierName, courier_service: q.service, service_name: q.serviceName,
  warehouse_id: q.warehouseId, cost: String(q.cost), etd_days_min: q.etdMin, etd_days_max: q.etdMax,
  cod_available: q.codAvailable,
  ...(q.codFee > 0 && { cod_fee: String(q.codFee) }),
});

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * Picks the option the buyer chose from the options on offer. A warehouse or courier the store does not have is
 * named as such; a combination that is not offered (a service the courier lacks, a non-COD courier with COD) is
 * `courier_service`.
 */
export function chooseShippingOption(
  db: Db, storeId: number, options: ShippingQuote[], choice: Required<ShippingChoiceInput>, field: (name: string) => string,
): ShippingQuote {
  const found = options.find((o) => o.warehouseId === choice.warehouse_id && same(o.courier, choice.courier) && same(o.service, choice.courier_service));
  if (found) return found;
  if (!sql(db, 'SELECT 1 FROM warehouses WHERE store_id = ? AND id = ?').get(storeId, choice.warehouse_id)) {
    throw fieldError(field('warehouse_id'), `Warehouse ${choice.warehouse_id} is not a warehouse of this store`);
  }
  if (!sql(db, 'SELECT 1 FROM couriers WHERE store_id = ? AND code = ? COLLATE NOCASE').get(storeId, choice.courier)) {
    throw fieldError(field('courier'), `Courier ${choice.courier} is not offered by this store`);
  }
  throw fieldError(field('courier_service'), `${choice.courier} ${choice.courier_service} is not offered for this order`);
}

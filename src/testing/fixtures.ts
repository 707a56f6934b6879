/**
 * Contract-valid data of one small store, shaped like the reference server's demo store (same ids for the
 * shared products), so tests read like the demo. Every value passes the schemas of `src/contract/`
 * (test/server/testing-fixtures.test.ts checks it).
 */
import type { BundlePriceOptionDetail, Category, PaymentMethod, ProductDetail, Variant } from '../contract/catalog.ts';
import type { ShippingOption } from '../contract/checkout.ts';
import type { City, Location, PostalCode, Province, Subdistrict } from '../contract/location.ts';
import type { PaymentAccount } from '../contract/order.ts';

export const STORE = {
  id: 1,
  uniqueId: 'demo-store',
  key: 'sfk_demo',
  name: 'Toko Demo',
  logo: null as string | null,
  paymentAccounts: [
    { bank_name: 'BCA', account_number: '1234567890', account_name: 'PT Toko Demo' },
    { bank_name: 'Mandiri', account_number: '1400012345678', account_name: 'PT Toko Demo' },
  ] satisfies PaymentAccount[],
  /** A service fee the store adds to every order (shown in the summary as `other_income`). */
  serviceFee: { amount: 2500, name: 'Biaya layanan' },
  /** The one discount code that is eligible: 10 % off the products. */
  discountCode: { code: 'HEMAT10', percent: 10 },
};

const kaos = { id: 101, slug: 'kaos', name: 'Kaos & Atasan' };
const dapur = { id: 103, slug: 'dapur', name: 'Dapur & Makanan' };
const digital = { id: 104, slug: 'digital', name: 'Produk Digital' };

/** Stock per variant id; absent means plenty. */
export const STOCK: Record<number, number> = { 140: 0 };

const variant = (id: number, name: string, price: number, options: Record<string, string> = {}, extra: Partial<Variant> = {}): Variant => ({
  id, name, sku: `SKU-${id}`, options, price: String(price), compare_at_price: null, weight_grams: 200,
  in_stock: (STOCK[id] ?? 1) > 0, image_url: null, ...extra,
});

/** An inline SVG square: images that need no server and make no request in a test. */
export const placeholderImage = (color: string) =>
  `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"><rect width="4" height="4" fill="${color}"/></svg>`)}`;

const COLORS = ['#0f766e', '#b45309', '#7c3aed', '#be123c', '#1d4ed8', '#4d7c0f'];

function product(p: Omit<ProductDetail, 'price_min' | 'price_max' | 'images' | 'image_url' | 'listed'> & { listed?: boolean }): ProductDetail {
  const prices = p.variants.map((v) => Number(v.price));
  const image = placeholderImage(COLORS[p.id % COLORS.length]);
  return { ...p, listed: p.listed ?? true, image_url: image, images: [image], price_min: String(Math.min(...prices)), price_max: String(Math.max(...prices)) };
}

export const PRODUCTS: ProductDetail[] = [
  product({
    id: 1, slug: 'kaos-polos', name: 'Kaos Polos Premium', item_type: 'physical', category: kaos,
    description_html: '<p>Kaos katun <strong>combed 30s</strong> yang adem dan lembut.</p>',
    options: [{ name: 'Warna', values: ['Hitam', 'Putih'] }, { name: 'Ukuran', values: ['S', 'M'] }],
    variants: [
      variant(101, 'Hitam / S', 85000, { Warna: 'Hitam', Ukuran: 'S' }, { compare_at_price: '110000' }),
      variant(102, 'Hitam / M', 85000, { Warna: 'Hitam', Ukuran: 'M' }, { compare_at_price: '110000' }),
      variant(105, 'Putih / S', 90000, { Warna: 'Putih', Ukuran: 'S' }),
      variant(106, 'Putih / M', 90000, { Warna: 'Putih', Ukuran: 'M' }),
    ],
  }),
  product({
    id: 2, slug: 'ebook-resep', name: 'E-book 100 Resep Nusantara', item_type: 'digital', category: digital,
    description_html: '<p>PDF, dikirim lewat e-mail.</p>', options: [], variants: [variant(109, 'PDF', 49000, {}, { weight_grams: 0 })],
  }),
  product({
    id: 19, slug: 'kopi-gayo', name: 'Kopi Gayo 250 g', item_type: 'physical', category: dapur,
    description_html: '<p>Arabika Aceh, sangrai medium.</p>', options: [], variants: [variant(126, 'Standar', 78000, {}, { weight_grams: 400 })],
  }),
  product({
    id: 21, slug: 'madu-hutan', name: 'Madu Hutan 500 ml', item_type: 'physical', category: dapur,
    description_html: '<p>Madu liar dari hutan Sumbawa.</p>', options: [], variants: [variant(129, 'Standar', 120000, {}, { weight_grams: 700 })],
  }),
  product({
    id: 25, slug: 'topi-terbatas', name: 'Topi Edisi Terbatas', item_type: 'physical', category: kaos,
    description_html: '<p>Habis terjual.</p>', options: [], variants: [variant(140, 'Standar', 150000)],
  }),
  product({
    id: 3, slug: 'produk-rahasia', name: 'Produk Rahasia', item_type: 'physical', category: null, listed: false,
    description_html: '<p>Tersembunyi dari katalog, tetap bisa dibeli lewat tautan.</p>', options: [], variants: [variant(110, 'Standar', 99000)],
  }),
];

export const BUNDLES: BundlePriceOptionDetail[] = [{
  id: 1, slug: 'paket-hemat', name: 'Paket Hemat: 3 Kaos Polos Hitam M', item_type: 'physical',
  description_html: '<p>Tiga kaos polos hitam ukuran M, lebih hemat.</p>', image_url: placeholderImage('#a16207'),
  bundle: { id: 1, name: 'Paket Kaos' }, price: '225000', compare_at_price: '255000',
  components: [{ variant_id: 102, product_name: 'Kaos Polos Premium', variant_name: 'Hitam / M', quantity: 3 }],
  in_stock: true, available_quantity: 8, listed: true,
}];

/** Categories with the number of listed items in each (the route lists only categories with visible items). */
export function categoriesOf(products: ProductDetail[], bundles: BundlePriceOptionDetail[]): Category[] {
  const counts = new Map<number, Category>();
  const bundleCategory = (b: BundlePriceOptionDetail) => products.find((p) => p.variants.some((v) => v.id === b.components[0]?.variant_id))?.category;
  for (const category of [...products.filter((p) => p.listed).map((p) => p.category), ...bundles.filter((b) => b.listed).map(bundleCategory)]) {
    if (!category) continue;
    const entry = counts.get(category.id) ?? { ...category, item_count: 0 };
    entry.item_count += 1;
    counts.set(category.id, entry);
  }
  return [...counts.values()].sort((a, b) => a.name.localeCompare(b.name));
}

export const PAYMENT_METHODS: PaymentMethod[] = [
  { code: 'bank_transfer', type: 'bank_transfer', name: 'Transfer Bank (manual)', channels: [] },
  { code: 'virtual_account', type: 'virtual_account', name: 'Virtual Account', channels: [{ code: 'bca', name: 'BCA' }, { code: 'bni', name: 'BNI' }] },
  { code: 'qris', type: 'qris', name: 'QRIS', channels: [] },
  { code: 'ewallet', type: 'ewallet', name: 'E-Wallet', channels: [{ code: 'ovo', name: 'OVO' }, { code: 'dana', name: 'DANA' }] },
  { code: 'card', type: 'card', name: 'Kartu Kredit/Debit', channels: [] },
  { code: 'cod', type: 'cod', name: 'Bayar di Tempat (COD)', channels: [] },
];

/** A subset of the Indonesian areas: two provinces, three cities, a few subdistricts with postal codes. */
export const PROVINCES: Province[] = [{ id: 31, name: 'DKI Jakarta' }, { id: 32, name: 'Jawa Barat' }];
export const CITIES: City[] = [
  { id: 3171, name: 'Kota Jakarta Selatan', province_id: 31 },
  { id: 3273, name: 'Kota Bandung', province_id: 32 },
  { id: 3277, name: 'Kota Cimahi', province_id: 32 },
];
export const SUBDISTRICTS: Subdistrict[] = [
  { id: 317101, name: 'Tebet', city_id: 3171 },
  { id: 317102, name: 'Setiabudi', city_id: 3171 },
  { id: 327301, name: 'Sukasari', city_id: 3273 },
  { id: 327302, name: 'Coblong', city_id: 3273 },
  { id: 327701, name: 'Cimahi Utara', city_id: 3277 },
];
export const POSTAL_CODES: Record<number, PostalCode[]> = {
  317101: [{ id: 3171011001, name: 'Tebet Barat', postal_code: '12810' }],
  317102: [{ id: 3171021001, name: 'Karet', postal_code: '12920' }],
  327301: [{ id: 3273011001, name: 'Gegerkalong', postal_code: '40153' }],
  327302: [{ id: 3273021004, name: 'Dago', postal_code: '40135' }, { id: 3273021005, name: 'Sekeloa', postal_code: '40134' }],
  327701: [{ id: 3277011001, name: 'Cibabat', postal_code: '40513' }],
};

/** Every province, city and subdistrict as a search hit (what `/public/locations?search=` returns). */
export function locationHits(): Location[] {
  const province = (id: number) => PROVINCES.find((p) => p.id === id)!;
  const city = (id: number) => CITIES.find((c) => c.id === id)!;
  const empty = { city_id: null, city_name: null, subdistrict_id: null, subdistrict_name: null };
  return [
    ...PROVINCES.map((p): Location => ({ id: p.id, type: 'province', name: p.name, label: p.name, province_id: p.id, province_name: p.name, ...empty })),
    ...CITIES.map((c): Location => {
      const p = province(c.province_id);
      return { id: c.id, type: 'city', name: c.name, label: `${c.name}, ${p.name}`, province_id: p.id, province_name: p.name, ...empty, city_id: c.id, city_name: c.name };
    }),
    ...SUBDISTRICTS.map((s): Location => {
      const c = city(s.city_id);
      const p = province(c.province_id);
      return {
        id: s.id, type: 'subdistrict', name: s.name, label: `${s.name}, ${c.name}, ${p.name}`, province_id: p.id, province_name: p.name,
        city_id: c.id, city_name: c.name, subdistrict_id: s.id, subdistrict_name: s.name,
      };
    }),
  ];
}

/** The courier services offered for a physical order from the store's one warehouse (flat prices). */
export const SHIPPING_OPTIONS: ShippingOption[] = [
  { courier: 'pos', courier_name: 'POS Indonesia', courier_service: 'KILAT', service_name: 'Pos Kilat Khusus', warehouse_id: 11, cost: '25000', etd_days_min: 3, etd_days_max: 5, cod_available: false },
  { courier: 'sicepat', courier_name: 'SiCepat', courier_service: 'REG', service_name: 'Reguler', warehouse_id: 11, cost: '28000', etd_days_min: 2, etd_days_max: 4, cod_available: true },
  { courier: 'jne', courier_name: 'JNE', courier_service: 'YES', service_name: 'Yakin Esok Sampai', warehouse_id: 11, cost: '44000', etd_days_min: 1, etd_days_max: 2, cod_available: true },
];

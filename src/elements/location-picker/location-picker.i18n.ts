import type { Terms } from '../shared/localize.ts';

/** Texts of `<svc-location-picker>`, kept in its own chunk (catalog pages never load them). */
const id = {
  search: 'Cari lokasi',
  searchHint: 'Ketik nama kecamatan atau kota…',
  province: 'Provinsi',
  city: 'Kota/Kabupaten',
  subdistrict: 'Kecamatan',
  postalCode: 'Kode pos',
  choose: 'Pilih…',
  noResults: 'Tidak ada hasil',
  results: (n: number) => `${n} hasil`,
  required: 'Pilih kecamatan dan kode pos.',
};

const en: typeof id = {
  search: 'Search location',
  searchHint: 'Type a subdistrict or city…',
  province: 'Province',
  city: 'City/Regency',
  subdistrict: 'Subdistrict',
  postalCode: 'Postal code',
  choose: 'Choose…',
  noResults: 'No results',
  results: (n) => `${n} ${n === 1 ? 'result' : 'results'}`,
  required: 'Choose a subdistrict and postal code.',
};

/** The picker's own texts; the shared ones (loading, retry, errors) come with `Localize`. */
export const LOCATION_PICKER_TERMS: Terms<typeof id> = { id, en };

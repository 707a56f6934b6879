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
  /** Read before the chosen place on its one line. */
  chosen: 'Lokasi pengiriman:',
  change: 'Ubah',
  /** After "Ubah", for screen readers: "Ubah lokasi". */
  theLocation: 'lokasi',
  postalHint: 'Pilih kode pos kelurahan/desa Anda.',
};

export type LocationPickerTerms = typeof id;

const en: LocationPickerTerms = {
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
  chosen: 'Delivery location:',
  change: 'Change',
  theLocation: 'location',
  postalHint: 'Choose the postal code of your village.',
};

/** The picker's own texts; the shared ones (loading, retry, errors) come with `Localize`. */
export const LOCATION_PICKER_TERMS: Terms<typeof id> = { id, en };

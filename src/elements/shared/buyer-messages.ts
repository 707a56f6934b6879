import type { Terms } from './localize.ts';

/**
 * Texts of the buyer's details, shared by checkout, order status, sign-in and account (Indonesian first, like
 * `shared/i18n.ts`): the form's labels, its checks and its buttons.
 */
const id = {
  required: 'Wajib diisi.',
  /** A missing field, named: "Nomor HP wajib diisi." */
  requiredField: (label: string) => `${label} wajib diisi.`,
  invalidPhone: 'Masukkan nomor HP yang valid, mis. 0812 3456 7890.',
  invalidEmail: 'Masukkan alamat e-mail yang valid.',
  passwordShort: 'Gunakan minimal 8 karakter.',
  email: 'E-mail',
  password: 'Kata sandi',
  name: 'Nama lengkap',
  phone: 'Nomor HP',
  address: 'Alamat lengkap',
  addressHint: 'Nama jalan, nomor rumah, RT/RW, patokan.',
  notes: 'Catatan (opsional)',
  save: 'Simpan',
  saving: 'Menyimpan…',
  saved: 'Tersimpan.',
  cancel: 'Batal',
  signOut: 'Keluar',
};
export type BuyerTerms = typeof id;

const en: BuyerTerms = {
  required: 'This field is required.',
  requiredField: (label) => `${label} is required.`,
  invalidPhone: 'Enter a valid phone number, e.g. 0812 3456 7890.',
  invalidEmail: 'Enter a valid e-mail address.',
  passwordShort: 'Use at least 8 characters.',
  email: 'E-mail',
  password: 'Password',
  name: 'Full name',
  phone: 'Phone number',
  address: 'Street address',
  addressHint: 'Street, house number, RT/RW, landmark.',
  notes: 'Notes (optional)',
  save: 'Save',
  saving: 'Saving…',
  saved: 'Saved.',
  cancel: 'Cancel',
  signOut: 'Sign out',
};

export const BUYER_TERMS: Terms<BuyerTerms> = { id, en };

/** Contract patterns, checked in the browser so that the message is in the buyer's language. */
export { EMAIL_PATTERN, PHONE_PATTERN } from '../../contract/patterns.ts';

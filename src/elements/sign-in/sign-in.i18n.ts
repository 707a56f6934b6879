import { combine } from '../shared/combine.ts';
import { BUYER_TERMS } from '../shared/buyer-messages.ts';

const id = {
  signIn: 'Masuk',
  signingIn: 'Masuk…',
  intro: 'Masuk untuk melihat pesanan dan kursus Anda.',
  forgot: 'Lupa kata sandi?',
  wrong: 'E-mail atau kata sandi salah.',
  otpTitle: 'Masukkan kode',
  otpSent: (email: string) => `Jika ${email} terdaftar, kami sudah mengirim kode 6 digit ke sana.`,
  code: 'Kode 6 digit',
  codeInvalid: 'Kode terdiri dari 6 angka.',
  codeWrong: 'Kode salah, sudah dipakai atau kedaluwarsa.',
  verify: 'Verifikasi',
  otherAccount: 'Pakai akun lain',
  forgotTitle: 'Atur ulang kata sandi',
  forgotIntro: 'Masukkan e-mail akun Anda. Kami kirim tautan untuk membuat kata sandi baru.',
  sendLink: 'Kirim tautan',
  linkSent: (email: string) => `Jika ada akun untuk ${email}, tautan atur ulang sudah kami kirim. Periksa kotak masuk Anda.`,
  backToSignIn: 'Kembali ke halaman masuk',
  resetTitle: 'Buat kata sandi baru',
  newPassword: 'Kata sandi baru',
  confirmPassword: 'Ulangi kata sandi baru',
  mismatch: 'Kata sandi tidak sama.',
  savePassword: 'Simpan kata sandi',
  resetDone: 'Kata sandi baru tersimpan. Silakan masuk.',
  resetInvalid: 'Tautan ini tidak berlaku lagi. Minta tautan baru.',
  hello: (name: string) => `Halo, ${name}!`,
  signedInAs: (email: string) => `Masuk sebagai ${email}`,
};
export type SignInMessages = typeof id;

const en: SignInMessages = {
  signIn: 'Sign in',
  signingIn: 'Signing in…',
  intro: 'Sign in to see your orders and courses.',
  forgot: 'Forgot password?',
  wrong: 'Wrong e-mail or password.',
  otpTitle: 'Enter the code',
  otpSent: (email) => `If ${email} has an account, we sent a 6-digit code to it.`,
  code: '6-digit code',
  codeInvalid: 'The code has 6 digits.',
  codeWrong: 'The code is wrong, already used or expired.',
  verify: 'Verify',
  otherAccount: 'Use another account',
  forgotTitle: 'Reset your password',
  forgotIntro: "Enter your account's e-mail. We'll send a link to make a new password.",
  sendLink: 'Send link',
  linkSent: (email) => `If there is an account for ${email}, we sent it a reset link. Check your inbox.`,
  backToSignIn: 'Back to sign in',
  resetTitle: 'Make a new password',
  newPassword: 'New password',
  confirmPassword: 'Repeat the new password',
  mismatch: 'The passwords differ.',
  savePassword: 'Save password',
  resetDone: 'Your new password is saved. Please sign in.',
  resetInvalid: 'This link no longer works. Ask for a new one.',
  hello: (name) => `Hello, ${name}!`,
  signedInAs: (email) => `Signed in as ${email}`,
};

/** Sign-in's texts with the buyer's details (the shared ones come with `Localize`). */
export const SIGN_IN_TERMS = combine(BUYER_TERMS, { id, en });

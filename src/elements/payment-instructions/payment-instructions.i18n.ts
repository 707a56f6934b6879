import { combine } from '../shared/combine.ts';
import { ORDER_TERMS } from '../shared/order-messages.ts';
import { PAYMENT_TERMS } from '../shared/payment-messages.ts';

const id = {
  timeLeftLabel: (hours: number, minutes: number) => `Sisa waktu bayar ${hours ? `${hours} jam ` : ''}${minutes} menit`,
  checkStatus: 'Cek status pembayaran',
  checking: 'Mengecek…',
  notYetPaid: (time: string) => `Belum diterima (dicek ${time}). Jika sudah membayar, tunggu sebentar lalu cek lagi.`,
  saveQr: 'Simpan QR',
  qrSaved: 'Gambar QR disimpan. Buka aplikasi pembayaran dan pilih gambar ini dari galeri.',
  payFromThisPhone: 'Bayar dari HP ini, tanpa memindai',
  galleryStep1: 'Ketuk “Simpan QR”. Di iPhone, pilih “Simpan Gambar”.',
  galleryStep2: 'Buka GoPay, OVO, DANA, ShopeePay atau m-banking, lalu pilih Bayar atau Scan QRIS.',
  galleryStep3: 'Di layar pemindai, ketuk ikon galeri dan pilih gambar QR tadi.',
  galleryStep4: (store: string, amount: string) => `Pastikan tertulis ${store} dan ${amount}, lalu bayar.`,
  howToPayAt: (bank: string) => `Cara bayar di ${bank}`,
  viaMobile: (app: string) => `m-banking · ${app}`,
  viaInternet: (web: string) => `Internet banking · ${web}`,
  stepOpen: (app: string) => `Buka ${app} dan masuk.`,
  stepSignIn: (web: string) => `Masuk ke ${web}.`,
  stepCard: (atm: string) => `Masukkan kartu dan PIN di ${atm}.`,
  stepMenu: (menu: string) => `Pilih ${menu}.`,
  stepNumber: (number: string) => `Masukkan nomor virtual account ${number}.`,
  stepCheck: (name: string, amount: string) => `Pastikan atas nama ${name} dan jumlahnya ${amount},`,
  withPin: 'lalu konfirmasi dengan PIN.',
  withToken: 'lalu konfirmasi dengan token atau kode OTP.',
  stepReceipt: 'Simpan struknya sebagai bukti.',
  menuNote: 'Nama menu bisa sedikit berbeda di versi aplikasi Anda.',
};
export type PaymentInstructionsMessages = typeof id;

const en: PaymentInstructionsMessages = {
  timeLeftLabel: (hours, minutes) => `Time left to pay: ${hours ? `${hours} h ` : ''}${minutes} min`,
  checkStatus: 'Check payment status',
  checking: 'Checking…',
  notYetPaid: (time) => `Not received yet (checked ${time}). If you have paid, wait a moment and check again.`,
  saveQr: 'Save QR',
  qrSaved: 'QR image saved. Open your payment app and pick this image from the gallery.',
  payFromThisPhone: 'Pay from this phone, without scanning',
  galleryStep1: 'Tap “Save QR”. On an iPhone, choose “Save Image”.',
  galleryStep2: 'Open GoPay, OVO, DANA, ShopeePay or mobile banking and choose Pay or Scan QRIS.',
  galleryStep3: 'On the scanner, tap the gallery icon and pick the QR image.',
  galleryStep4: (store, amount) => `Check that it says ${store} and ${amount}, then pay.`,
  howToPayAt: (bank) => `How to pay at ${bank}`,
  viaMobile: (app) => `Mobile banking · ${app}`,
  viaInternet: (web) => `Internet banking · ${web}`,
  stepOpen: (app) => `Open ${app} and sign in.`,
  stepSignIn: (web) => `Sign in to ${web}.`,
  stepCard: (atm) => `Insert your card and enter your PIN at an ${atm}.`,
  stepMenu: (menu) => `Choose ${menu}.`,
  stepNumber: (number) => `Enter the virtual account number ${number}.`,
  stepCheck: (name, amount) => `Check that the name is ${name} and the amount ${amount},`,
  withPin: 'then confirm with your PIN.',
  withToken: 'then confirm with your token or OTP code.',
  stepReceipt: 'Keep the receipt as proof.',
  menuNote: 'Menu names may differ slightly in your version of the app.',
};

/** The payment instructions' texts with the order and payment ones (the shared ones come with `Localize`). */
export const PAYMENT_INSTRUCTIONS_TERMS = combine(ORDER_TERMS, PAYMENT_TERMS, { id, en });
export type PaymentInstructionsTerms = (typeof PAYMENT_INSTRUCTIONS_TERMS)['id'];

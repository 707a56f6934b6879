import { combine } from '../shared/combine.ts';
import { BUYER_TERMS } from '../shared/buyer-messages.ts';
import { ORDER_TERMS } from '../shared/order-messages.ts';

const id = {
  account: 'Akun saya',
  tab: (tab: 'profile' | 'orders' | 'subscriptions' | 'courses') => ({ profile: 'Profil', orders: 'Pesanan', subscriptions: 'Langganan', courses: 'Kursus' })[tab],
  memberSince: (when: string) => `Pelanggan sejak ${when}`,
  editProfile: 'Ubah profil',
  changePassword: 'Ganti kata sandi',
  currentPassword: 'Kata sandi sekarang',
  newPassword: 'Kata sandi baru',
  generated: 'Akun Anda masih memakai kata sandi buatan sistem. Buat kata sandi sendiri.',
  passwordSaved: 'Kata sandi baru tersimpan. Sesi lain sudah dikeluarkan.',
  wrongPassword: 'Kata sandi sekarang salah.',
  noOrders: 'Belum ada pesanan.',
  noSubscriptions: 'Belum ada langganan.',
  noCourses: 'Belum ada kursus.',
  openOrder: 'Buka halaman pesanan',
  deliverTo: 'Dikirim ke',
  every: (n: number, unit: string) => `setiap ${n > 1 ? `${n} ` : ''}${({ week: 'minggu', month: 'bulan', year: 'tahun' } as Record<string, string>)[unit] ?? unit}`,
  nextBilling: (when: string) => `Tagihan berikutnya ${when}`,
  /** A subscription's status; one the element does not know reads as it comes. */
  subscriptionState: (status: string) => ({ active: 'Aktif', paused: 'Dijeda', cancelled: 'Berhenti', expired: 'Berakhir' } as Record<string, string>)[status] ?? status,
  progress: (done: number, total: number) => `${done} dari ${total} materi selesai`,
  open: 'Buka kursus',
  back: 'Kembali',
  expired: 'Akses berakhir',
  markDone: 'Tandai selesai',
  markUndone: 'Batalkan selesai',
  done: 'Selesai',
  download: 'Unduh berkas',
  chooseContent: 'Pilih materi di sebelah kiri.',
};
export type AccountTerms = typeof id;

const en: AccountTerms = {
  account: 'My account',
  tab: (tab) => ({ profile: 'Profile', orders: 'Orders', subscriptions: 'Subscriptions', courses: 'Courses' })[tab],
  memberSince: (when) => `Customer since ${when}`,
  editProfile: 'Edit profile',
  changePassword: 'Change password',
  currentPassword: 'Current password',
  newPassword: 'New password',
  generated: 'Your account still has a password the system made. Choose your own.',
  passwordSaved: 'Your new password is saved. Other sessions were signed out.',
  wrongPassword: 'The current password is wrong.',
  noOrders: 'No orders yet.',
  noSubscriptions: 'No subscriptions yet.',
  noCourses: 'No courses yet.',
  openOrder: 'Open the order page',
  deliverTo: 'Deliver to',
  every: (n, unit) => `every ${n > 1 ? `${n} ${unit}s` : unit}`,
  nextBilling: (when) => `Next billing ${when}`,
  subscriptionState: (status) => ({ active: 'Active', paused: 'Paused', cancelled: 'Cancelled', expired: 'Ended' } as Record<string, string>)[status] ?? status,
  progress: (done, total) => `${done} of ${total} lessons done`,
  open: 'Open course',
  back: 'Back',
  expired: 'Access ended',
  markDone: 'Mark as done',
  markUndone: 'Mark as not done',
  done: 'Done',
  download: 'Download file',
  chooseContent: 'Choose a lesson.',
};

/** The account's texts with the buyer's details and the order ones (the shared ones come with `Localize`). */
export const ACCOUNT_TERMS = combine(BUYER_TERMS, ORDER_TERMS, { id, en });

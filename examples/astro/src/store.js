// The service and the store, given at build time: SVC_BASE_URL=http://localhost:8787 npm run build
export const store = {
  storeId: process.env.SVC_STORE_ID ?? 'demo-store',
  storeKey: process.env.SVC_STORE_KEY ?? 'sfk_demo',
  baseUrl: process.env.SVC_BASE_URL ?? 'http://localhost:8787',
};

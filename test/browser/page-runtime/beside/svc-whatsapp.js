// What dist/svc-whatsapp.js is beside dist/page-runtime.js: the runtime's test tag (whatsapp.test.ts) points here.
export * from '../../../../src/page-runtime/whatsapp.ts';

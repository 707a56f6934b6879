// What dist/svc-order-extras.js is beside dist/page-runtime.js: the runtime's tag in boot.test.ts points here, and the
// tests of its parts (whatsapp.test.ts, copy.test.ts) import it.
import '../../../../src/page-runtime/order-extras.ts';

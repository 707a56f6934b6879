/**
 * `svc-order-extras.js`: what page-runtime.js's order view does beyond the runtime's budget, one file loaded beside
 * the runtime (by its script tag, at start) only by a page that uses some of it (`data-whatsapp`, `data-svc-copy`):
 * the WhatsApp hand-off and the copy buttons. Each acts on `svc-page-order` or on clicks, and only where asked for.
 */
import './whatsapp.ts';
import './copy.ts';

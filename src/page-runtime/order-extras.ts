/**
 * `svc-order-extras.js`: what page-runtime.js's checkout form and order view do beyond the runtime's budget, one
 * file loaded beside the runtime (by its script tag, at start) by a page with a checkout form, a copy button or a
 * sticky bar: the form's problems inline and in the page's language, the e-mail a digital item needs, the sticky
 * order bar, the order's state words, the WhatsApp hand-off and the copy buttons. Each acts on the runtime's events
 * (`svc-page-*`) or on the buyer's, and only where the page asks for it. Without this file the runtime still takes
 * orders, with the browser's own checks.
 */
import './extras/problems.ts';
import './extras/digital-email.ts';
import './extras/sticky-bar.ts';
import './extras/order-state.ts';
import './whatsapp.ts';
import './copy.ts';

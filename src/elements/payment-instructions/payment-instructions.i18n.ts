import { SHOP_TERMS } from '../shared/i18n.ts';
import { combine } from '../shared/localize.ts';
import { ORDER_TERMS } from '../shared/order-messages.ts';

/** The payment instructions' texts: the order and payment ones, with the shared ones (errors). */
export const PAYMENT_INSTRUCTIONS_TERMS = combine(SHOP_TERMS, ORDER_TERMS);

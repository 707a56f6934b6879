import { combine } from '../shared/combine.ts';
import { ORDER_TERMS } from '../shared/order-messages.ts';
import { PAYMENT_TERMS } from '../shared/payment-messages.ts';

/** The payment instructions' texts: the order and payment ones (the shared ones come with `Localize`). */
export const PAYMENT_INSTRUCTIONS_TERMS = combine(ORDER_TERMS, PAYMENT_TERMS);

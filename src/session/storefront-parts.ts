import { createCheckout } from './checkout.ts';
import { createCourses } from './courses.ts';
import { createOrders } from './orders.ts';
import { provideParts } from './storefront.ts';

/**
 * The storefront's checkout, order and course-progress stores, provided to every storefront (storefront.ts creates
 * them on first use). Imported by `session.js` and by the elements that use them, never by a catalog page's.
 */
provideParts({ createCheckout, createOrders, createCourses });

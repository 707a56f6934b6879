export * from './common.ts';
export * from './errors.ts';
export * from './pagination.ts';
export * from './catalog.ts';
export * from './location.ts';
export * from './cart.ts';
export * from './checkout.ts';
export * from './order.ts';

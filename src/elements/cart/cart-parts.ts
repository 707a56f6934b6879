/** The parts of `<svc-cart>`, which `<svc-cart-button>` forwards without loading the cart's code. */
export const CART_PARTS = [
  'base', 'header', 'heading', 'count', 'lines', 'line', 'line-image', 'line-name', 'line-variant', 'line-unit-price',
  'line-total', 'price', 'compare-at-price', 'line-saving', 'quantity', 'quantity-button', 'quantity-input', 'remove', 'summary',
  'subtotal', 'fee', 'note', 'checkout', 'state', 'error', 'skeleton', 'retry',
] as const;

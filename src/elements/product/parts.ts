/** The parts of `<svc-product>`, for hosts that re-export them (the catalog's quick view), without loading it. */
export const PRODUCT_PARTS = [
  'base', 'gallery', 'image', 'thumb', 'info', 'category', 'name', 'price', 'compare-at-price', 'badge', 'availability',
  'option', 'option-label', 'option-value', 'option-error', 'contents', 'quantity', 'quantity-button', 'quantity-input',
  'add-to-cart', 'description', 'state', 'skeleton',
] as const;

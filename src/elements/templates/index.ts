/**
 * The templates chunk (`<svc-context>`, `<svc-list>`, `<svc-variant-selector>`): the merchant's own markup bound to
 * the store's data (docs/templates.md). Loaded by the entry's autoloader when a page has one of the tags, so that
 * other pages download none of it.
 */
import { listen } from './actions.ts';

export { SvcContext } from './context.ts';
export { SvcList } from './list.ts';
export { SvcVariantSelector } from '../variant-selector/variant-selector.ts';

listen();

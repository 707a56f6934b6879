import type { ItemCard } from '../../contract/catalog.ts';
import { SvcEvent } from './svc-event.ts';

// Events of the merchant's templates (`<svc-list>`, `<svc-variant-selector>`): elements/templates/.

/** `<svc-list>` shows another page: its cards, and whether there are pages after and before it. */
export class ListChangeEvent extends SvcEvent<{ items: ItemCard[]; hasNext: boolean; hasPrevious: boolean; page: number }> {
  constructor(detail: ListChangeEvent['detail']) {
    super('svc-list-change', detail);
  }
}

/** The buyer picked a value of a product's option in `<svc-variant-selector>`; its product context chooses it. */
export class OptionChangeEvent extends SvcEvent<{ name: string; value: string }> {
  constructor(name: string, value: string) {
    super('svc-option-change', { name, value });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'svc-list-change': ListChangeEvent;
    'svc-option-change': OptionChangeEvent;
  }
}

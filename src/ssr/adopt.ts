/**
 * How the server renders `<svc-catalog>` and `<svc-product>` from the data it has, with no hook in the elements (the
 * bundles of pages without server rendering carry nothing for it: decisions.md #15). `@lit-labs/ssr` never runs an
 * element's tasks (controllers get no updates on the server), so at the element's `willUpdate` the data becomes the
 * state its tasks leave once they have answered: the catalog's first page (and count), the product. The HTML is then
 * the elements' own "loaded" render, which `svc-hydrate.js` hydrates once the browser's tasks have the same answers.
 */
import { Task } from '@lit/task';
import type { ReactiveElement } from 'lit';
import { SvcCatalog } from '../elements/catalog/catalog.ts';
import { SvcProduct, type ProductView } from '../elements/product/product.ts';
import type { RenderedPage } from './data.ts';

/** The property the renderer binds (`.svcRendered=${data}`): the data `willUpdate` adopts. */
type WithData<T> = { svcRendered?: T };

/** Replaces the element's task `current` by one done with `value` (`initialValue`: COMPLETE, never run). */
function settle(host: ReactiveElement, current: Task, value: unknown): void {
  const fields = host as unknown as Record<string, unknown>;
  const name = Object.keys(fields).find((key) => fields[key] === current);
  if (!name) throw new Error(`svc-storefront/ssr: <${host.localName}> has changed shape (a task not found)`);
  fields[name] = new Task(host, { task: () => value, initialValue: value });
}

/** Runs `adopt` with the bound data before the element's own `willUpdate`. */
function adoptBefore<E extends ReactiveElement, T>(element: { prototype: E }, adopt: (host: E, data: T) => void): void {
  // willUpdate is protected: reached as a function called with the element as `this`
  const proto = element.prototype as unknown as { willUpdate: (this: E, changed: unknown) => void };
  const own = proto.willUpdate;
  proto.willUpdate = function (this: E & WithData<T>, changed) {
    const data = this.svcRendered;
    if (data) {
      delete this.svcRendered;
      adopt(this, data);
    }
    own.call(this, changed);
  };
}

// The names below are read with element access: TypeScript checks that the private fields exist
adoptBefore<SvcCatalog, RenderedPage>(SvcCatalog, (catalog, page) => {
  catalog['items'] = page.results;
  catalog['nextCursor'] = page.next_cursor;
  catalog['rendered'] = Infinity; // every card in the HTML (the browser renders a first screen's first)
  settle(catalog, catalog['feed'], undefined);
  if (page.total !== undefined) settle(catalog, catalog['count'], page.total);
});

adoptBefore<SvcProduct, ProductView>(SvcProduct, (product, view) => {
  settle(product, product['detail'], view);
  if (view.product) product['chooseFirst'](view.product);
});

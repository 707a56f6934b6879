import type { ShippingOption, Summary } from '../../contract/checkout.ts';
import type { PublicOrder } from '../../contract/order.ts';
import { isSafeNavigation } from '../../client/safe-navigation.ts';
import { misconfigured } from '../diagnostics.ts';
import { etaDays } from '../../elements/shared/format.ts';
import { english, rupiah } from './text.ts';

/** A shipping option's identity across refreshes: the same service from the same warehouse. */
export const shippingKey = (o: ShippingOption) => `${o.warehouse_id}:${o.courier}:${o.courier_service}`;
let radioGroups = 0;

const el = (tag: string, ...children: (Node | string)[]) => {
  const node = document.createElement(tag);
  node.append(...children);
  return node;
};
const part = (name: string, content: string) => {
  const span = el('span', content);
  span.dataset.svcPart = name;
  return span;
};

/**
 * Lists shipping options in the author's `[data-svc-shipping-options]` as radio buttons in labels
 * (`[data-svc-shipping-option]`, parts `service`, `etd`, `cost`). Keeps the buyer's choice when it is still offered,
 * else picks the first (cheapest).
 */
export function renderShippingOptions(box: HTMLElement, options: ShippingOption[], chosen?: string): void {
  const selected = options.find((o) => shippingKey(o) === chosen) ?? options[0];
  const name = `svc-shipping-${++radioGroups}`;
  box.replaceChildren(...options.map((o) => {
    const radio = Object.assign(document.createElement('input'), { type: 'radio', name, value: shippingKey(o), checked: o === selected, required: true });
    const label = el('label', radio, part('service', `${o.courier_name} ${o.service_name}`),
      part('etd', etaDays(o.etd_days_min, o.etd_days_max, english() ? 'en' : 'id')), part('cost', rupiah(o.cost)));
    label.dataset.svcShippingOption = '';
    return label;
  }));
  box.dataset.state = options.length ? 'ready' : 'empty';
}

export const chosenShipping = (box: HTMLElement): string => box.querySelector<HTMLInputElement>('input:checked')?.value ?? '';

const SUMMARY_KEYS = ['product_price', 'shipping_cost', 'cod_fee', 'other_income', 'other_income_name', 'discount_amount', 'gross_revenue'];
const initialText = new WeakMap<Element, string>();

/** Checks the outputs once, at binding; their first text is shown again whenever no summary can be computed. */
export function summaryOutputs(form: HTMLFormElement): HTMLElement[] {
  return [...form.querySelectorAll<HTMLElement>('[data-svc-summary]')].filter((out) => {
    initialText.set(out, out.textContent ?? '');
    if (SUMMARY_KEYS.includes(out.dataset.svcSummary!)) return true;
    misconfigured(out, `unknown data-svc-summary; known: ${SUMMARY_KEYS.join(', ')}.`);
    return false;
  });
}

/** Writes the summary; rows marked `data-svc-hide-zero` hide while their amount is 0 or unknown. */
export function renderSummary(outputs: HTMLElement[], summary: Summary | undefined): void {
  for (const out of outputs) {
    const key = out.dataset.svcSummary as Exclude<keyof Summary, 'items' | 'shipping_pending'>;
    const value = summary?.[key];
    // shipping not priced yet (a partial summary): shipping and total keep the author's placeholder
    const pending = summary?.shipping_pending && (key === 'shipping_cost' || key === 'gross_revenue');
    out.textContent = !summary || pending ? initialText.get(out) ?? '' : key === 'other_income_name' ? value ?? '' : rupiah(value ?? 0);
    const row = out.closest<HTMLElement>('[data-svc-hide-zero]');
    if (row) row.hidden = !value || value === '0';
  }
}

/**
 * Lists the priced items in the author's `[data-svc-summary-items]` (a `<ul>` or `<ol>`): one `<li>` per item with
 * parts `name`, `variant`, `quantity`, `unit-price` and `line-total` (spacing is the author's CSS); emptied while no
 * summary can be computed.
 */
export function renderSummaryItems(form: HTMLFormElement, summary: Summary | undefined): void {
  for (const list of form.querySelectorAll<HTMLElement>('[data-svc-summary-items]')) {
    list.replaceChildren(...(summary?.items ?? []).map((l) => el('li', part('name', l.name), part('variant', l.variant_name ?? ''),
      part('quantity', `${l.quantity} ×`), part('unit-price', rupiah(l.unit_price)), part('line-total', rupiah(l.line_total)))));
  }
}

const MONEY = /(^|\.)(product_price|shipping_cost|cod_fee|other_income|discount_amount|gross_revenue|unit_price|line_total)$/;

/**
 * Fills the author's `[data-svc-order]` view: `[data-svc-order-field="gross_revenue"]` (any dotted path of the public
 * order; amounts in rupiah), `a[data-svc-order-link]` (the order page), `[data-svc-order-accounts]` (bank accounts
 * for a manual transfer), then shows it.
 */
export function renderOrder(view: HTMLElement, order: PublicOrder): void {
  for (const out of view.querySelectorAll<HTMLElement>('[data-svc-order-field]')) {
    const path = out.dataset.svcOrderField!;
    const value = path.split('.').reduce<unknown>((v, key) => (v as Record<string, unknown> | null | undefined)?.[key], order);
    // field paths name scalars (an object would read "[object Object]"); page-runtime.js has no bytes for a check
    // eslint-disable-next-line @typescript-eslint/no-base-to-string
    out.textContent = value == null ? '' : MONEY.test(path) ? rupiah(value as string) : String(value);
  }
  for (const link of view.querySelectorAll<HTMLAnchorElement>('a[data-svc-order-link]')) {
    if (isSafeNavigation(order.public_order_url)) link.href = order.public_order_url;
    else link.removeAttribute('href');
  }
  for (const list of view.querySelectorAll<HTMLElement>('[data-svc-order-accounts]')) {
    const accounts = order.payment_method === 'bank_transfer' ? order.store?.payment_accounts ?? [] : [];
    list.replaceChildren(...accounts.map((a) => el('li', part('bank', a.bank_name), part('number', a.account_number), part('holder', a.account_name))));
    list.hidden = !accounts.length;
  }
  view.hidden = false;
}

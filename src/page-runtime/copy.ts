/**
 * The copy buttons of page-runtime.js's order view (part of `svc-order-extras.js`, loaded beside the runtime only by
 * a page whose `[data-svc-order]` has one): `<button type="button" data-svc-copy="order_number">Salin</button>`
 * copies that field of the order (any dotted path, as `data-svc-order-field`), reads "Disalin"/"Copied" (`<html
 * lang>`) for 2 s and a polite live region beside it says what was copied. `<ul data-svc-order-accounts data-svc-copy>`
 * gets such a button in each bank account the runtime lists (`store.payment_accounts.<i>.account_number`).
 */
import type { PublicOrder } from '../contract/order.ts';
import './events.ts';

/** How long the button says "Copied" before it offers to copy again (as the elements' copy button). */
const CONFIRM_MS = 2000;
const english = () => document.documentElement.lang.toLowerCase().startsWith('en');

let order: PublicOrder | undefined;
const regions = new WeakMap<Element, HTMLElement>();
const timers = new WeakMap<Element, { timer: ReturnType<typeof setTimeout>; children: Node[] }>();

/** The button's live region, made ahead of the first click (a region added with its text is often not read). */
function region(button: HTMLElement): HTMLElement {
  let live = regions.get(button);
  if (!live) {
    live = Object.assign(document.createElement('span'), { role: 'status' });
    live.setAttribute('aria-live', 'polite');
    live.style.cssText = 'position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap';
    button.after(live);
    regions.set(button, live);
  }
  return live;
}

/** The field's value: from the order the runtime placed, else as the order view shows it. */
function valueOf(button: HTMLElement): string {
  const path = button.dataset.svcCopy!;
  const value = path.split('.').reduce<unknown>((v, key) => (v as Record<string, unknown> | null | undefined)?.[key], order);
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  const shown = button.closest('[data-svc-order]')?.querySelector(`[data-svc-order-field="${CSS.escape(path)}"]`);
  return shown?.textContent?.trim() ?? '';
}

async function write(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    // no clipboard permission (embedded frames, plain http): copy through a selection
    const area = Object.assign(document.createElement('textarea'), { value: text });
    document.body.append(area);
    area.select();
    document.execCommand('copy');
    area.remove();
  }
}

export async function copy(button: HTMLElement): Promise<void> {
  const text = valueOf(button);
  if (!text) return;
  const live = region(button);
  await write(text);
  const shown = timers.get(button);
  clearTimeout(shown?.timer);
  const children = shown?.children ?? [...button.childNodes];
  button.textContent = english() ? 'Copied' : 'Disalin';
  live.textContent = english() ? `Copied: ${text}` : `Disalin: ${text}`;
  timers.set(button, {
    children,
    timer: setTimeout(() => {
      button.replaceChildren(...children);
      live.textContent = '';
      timers.delete(button);
    }, CONFIRM_MS),
  });
}

const BUTTONS = '[data-svc-order] button[data-svc-copy]';
const withRegions = () => document.querySelectorAll<HTMLElement>(BUTTONS).forEach(region);

/** A copy button for each account number of the lists that ask for them (the runtime has just listed the accounts). */
function accountButtons() {
  for (const list of document.querySelectorAll('[data-svc-order] [data-svc-order-accounts][data-svc-copy]')) {
    list.querySelectorAll('li').forEach((item, index) => {
      if (item.querySelector('button')) return;
      const button = Object.assign(document.createElement('button'), { type: 'button', textContent: english() ? 'Copy' : 'Salin' });
      button.dataset.svcCopy = `store.payment_accounts.${index}.account_number`;
      item.append(button);
    });
  }
  withRegions();
}

document.addEventListener('svc-page-order', (event) => {
  order = event.detail.order;
  withRegions(); // before the runtime shows the view: the buttons of a view added since load too
  queueMicrotask(accountButtons); // the runtime fills the view right after this event
});
document.addEventListener('click', (event) => {
  const button = (event.target as Element).closest?.<HTMLElement>(BUTTONS);
  if (button) void copy(button);
});
withRegions();

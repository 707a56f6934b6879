/**
 * Hostile content renders inert in every element: product, category, variant, courier, payment-method, bank and
 * buyer strings of the hostile store are XSS payloads (test/browser/support/hostile-store.ts). Nothing may run, no
 * event-handler attribute, script, iframe or javascript: URL may reach the DOM, and names show as plain text.
 */
import { expect, fixture } from '@open-wc/testing';
import { html, type TemplateResult } from 'lit';
import '../../../src/index.ts';
import '../../../src/elements/checkout/checkout.ts';
import '../../../src/elements/order-status/order-status.ts';
import { createClient, placeGuestOrder, createOrderPayment } from '../../../src/client/index.ts';
import { HOSTILE, HOSTILE_METHOD_NAME, XSS_PAYLOADS } from '../support/hostile-store.ts';
import { waitFor } from '../support/server.ts';

const ran: string[] = [];
(window as unknown as { __xss: (what: unknown) => void }).__xss = (what) => ran.push(String(what));

/** Every element and shadow root below `root`, however deep. */
function* deepElements(root: ParentNode): Generator<Element> {
  for (const element of root.querySelectorAll('*')) {
    yield element;
    if (element.shadowRoot) yield* deepElements(element.shadowRoot);
  }
}
/** Text of a node, its shadow root and its children, however deep. */
const deepText = (node: Node): string =>
  node.nodeType === Node.TEXT_NODE
    ? (node.textContent ?? '')
    : (node instanceof Element && node.shadowRoot ? deepText(node.shadowRoot) : '') + [...node.childNodes].map(deepText).join('');

async function assertInert(root: Element) {
  await new Promise((resolve) => setTimeout(resolve, 300)); // give an injected handler the chance to fire
  expect(ran, 'no payload ran').to.deep.equal([]);
  for (const element of deepElements(root)) {
    const tag = element.localName;
    expect(['script', 'iframe', 'object', 'embed'], `<${tag}> rendered`).not.to.include(tag);
    for (const attribute of element.attributes) {
      expect(attribute.name.startsWith('on'), `${attribute.name} on <${tag}>`).to.equal(false);
      if (['href', 'src', 'action', 'formaction', 'xlink:href'].includes(attribute.name)) {
        expect(/^\s*javascript:/i.test(attribute.value), `${attribute.name}="${attribute.value}" on <${tag}>`).to.equal(false);
      }
    }
  }
}

const inHostileStore = (content: TemplateResult) =>
  fixture<HTMLElement>(html`<svc-store store-id=${HOSTILE.id} store-key=${HOSTILE.key} base-url=${location.origin} token-storage="memory">${content}</svc-store>`);
const shadowOf = (root: Element, selector: string) => root.querySelector(selector)?.shadowRoot;

describe('hostile content renders inert', () => {
  it('in the catalog: names and category names are text', async () => {
    const root = await inHostileStore(html`<svc-catalog page-size="24"></svc-catalog>`);
    await waitFor(() => (shadowOf(root, 'svc-catalog')?.querySelectorAll('[part~="card"]').length ?? 0) >= XSS_PAYLOADS.length, 8000, 'cards');
    const text = deepText(root);
    for (const payload of XSS_PAYLOADS) expect(text).to.include(payload);
    await assertInert(root);
  });

  it('in the product view: the description is sanitised, variant names and options are text', async () => {
    for (let i = 0; i < XSS_PAYLOADS.length; i++) {
      const root = await inHostileStore(html`<svc-product slug=${`xss-${i}`}></svc-product>`);
      await waitFor(() => deepText(root).includes(XSS_PAYLOADS[i]!), 8000, `product ${i}`);
      await assertInert(root);
    }
  });

  it('in the cart, the cart drawer and the checkout (couriers, payment methods, banks)', async () => {
    const root = await inHostileStore(html`
      <svc-add-to-cart variant-id="50001"></svc-add-to-cart><svc-add-to-cart variant-id="50003"></svc-add-to-cart>
      <svc-cart-button></svc-cart-button><svc-cart></svc-cart><svc-checkout></svc-checkout>`);
    for (const button of root.querySelectorAll('svc-add-to-cart')) {
      await waitFor(() => !!button.shadowRoot?.querySelector('button'), 8000, 'add-to-cart');
      button.shadowRoot!.querySelector('button')!.click();
      await waitFor(() => deepText(root.querySelector('svc-cart')!).includes(XSS_PAYLOADS[button.getAttribute('variant-id') === '50001' ? 0 : 2]!), 8000, 'cart line');
    }
    await waitFor(() => deepText(root.querySelector('svc-checkout')!).includes(HOSTILE_METHOD_NAME), 8000, 'payment method names in checkout');
    (root.querySelector('svc-cart-button') as HTMLElement & { show(): void }).show();
    await assertInert(root);
  });

  it('in the order status and payment instructions, with a hostile buyer name and bank', async () => {
    const client = createClient({ baseUrl: location.origin, storeId: HOSTILE.id, storeKey: HOSTILE.key, tokenStorage: 'memory' });
    const order = await placeGuestOrder(client, {
      items: [{ type: 'variant', variant_id: 50002, quantity: 1 }],
      destination: { location_id: 317402, address: XSS_PAYLOADS[4]! }, courier: 'jne', courier_service: 'REG', warehouse_id: 501,
      payment_method: 'virtual_account', sub_payment_method: 'bca', customer: { name: XSS_PAYLOADS[0]!, phone: '081234567890' },
      notes: XSS_PAYLOADS[1],
    });
    await createOrderPayment(client, order.secret_slug);
    const root = await inHostileStore(html`<svc-order-status secret-slug=${order.secret_slug}></svc-order-status>`);
    await waitFor(() => deepText(root).includes(XSS_PAYLOADS[7]!), 8000, 'hostile bank name in the instructions');
    await assertInert(root);
    client.destroy();
  });
});

import type { Task } from '@lit/task';
import { html, nothing } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import type { PaymentMethod } from '../../contract/catalog.ts';
import type { ShippingChoice, ShippingOption } from '../../contract/checkout.ts';
import type { PublicOrder } from '../../contract/order.ts';
import type { CheckoutInputs, CheckoutState } from '../../session/index.ts';
import { money } from '../shared/format.ts';
import { field } from '../shared/form-kit.ts';
import type { Lang, ShopTerms } from '../shared/i18n.ts';
import type { TermOf } from '../shared/localize.ts';
import { EMAIL_PATTERN, PHONE_PATTERN } from '../shared/buyer-messages.ts';
import type { CopyController } from '../shared/order-number.ts';
import { exportParts } from '../shared/templates.ts';
import type { CheckoutTerms } from './checkout.i18n.ts';
import { unavailable } from './payment-choice.ts';
export { paymentChoiceStyles, renderPayment } from './payment-choice.ts'; // the payment step: payment-choice.ts

export type FieldKey = 'name' | 'phone' | 'email' | 'location' | 'address' | 'shipping' | 'method' | 'channel';
export type Errors = Partial<Record<FieldKey, string>>;
export type Draft = { name: string; phone: string; email: string; address: string; notes: string };
/** A line of the summary: the cart's, or one the server priced (buy now, HTML Mode page). */
export type SummaryLine = {
  name: string; variant_name?: string | null; quantity: number; unit_price: string; line_total: string; image_url?: string | null;
  item_type?: 'physical' | 'digital';
};

/** What the checkout templates read and call: the element builds one per render. */
export type CheckoutView = {
  lang: Lang;
  term: TermOf<ShopTerms & CheckoutTerms>;
  state: CheckoutState;
  errors: Errors;
  draft: Draft;
  /** HTML Mode page settings, for the location picker's routes. */
  page?: { id: string; key: string; baseUrl: string };
  needsShipping: boolean;
  shippingOptions: Task<readonly unknown[], ShippingOption[] | null>;
  methods: Task<readonly unknown[], PaymentMethod[]>;
  lines: SummaryLine[] | null;
  /** The order holds something digital: the e-mail is required, and `what` (its name, when one) is sent to it. */
  digital: { what: string | null } | null;
  /** A guest on a page that has sign-in: where "Masuk" leads (a URL, or the sign-in form on the page). */
  signIn: { href: string } | { focus(): void } | null;
  /** The destination and courier came from the buyer's last order. */
  prefilled: boolean;
  /** Whether the summary bar (narrow widths) is expanded, and the pay bar (bottom of the screen) shown. */
  summaryOpen: boolean;
  payBar: boolean;
  /** The place-order label: the `submit` slot's text, else the default. */
  submitLabel: string;
  /** `whatsapp` numbers of the element: the confirmation's WhatsApp link (shared/whatsapp.ts). */
  whatsapp: string | null;
  discountText: string;
  failure: unknown;
  paying: boolean;
  paid?: PublicOrder;
  /** The summary landmark's name, unique on a page with several checkouts. */
  summaryLabel: string;
  /** Copies the order number of the confirmation. */
  copier: CopyController;
  update(inputs: Partial<CheckoutInputs>): void;
  /** A choice (shipping, method, channel) was made: its error, if shown, is checked again. */
  chose(keys: FieldKey[]): void;
  setDiscountText(text: string): void;
  applyDiscount(): void;
  errorText(error: unknown): string;
  toggleSummary(): void;
  /** Places the order again after a failure (the same attempt when its outcome is unknown). */
  retry(): void;
};

const PICKER_PARTS = ['base', 'search', 'search-input', 'listbox', 'option', 'field', 'label', 'select', 'error', 'chosen', 'place', 'change', 'postal', 'postal-option'];

export const sameOption = (a: ShippingChoice | null, b: ShippingOption) =>
  !!a && a.courier === b.courier && a.courier_service === b.courier_service && Number(a.warehouse_id) === b.warehouse_id;
export const choice = (o: ShippingOption): ShippingChoice => ({ courier: o.courier, courier_service: o.courier_service, warehouse_id: o.warehouse_id });

/** What is missing or wrong in the form now (shown per field on leaving it, and all at once on submit). */
export function problems(v: CheckoutView): Errors {
  const { draft: d, state: s, term } = v;
  const errors: Errors = {};
  const email = d.email.trim();
  if (!d.name.trim()) errors.name = term('requiredField', term('name'));
  if (!d.phone.trim()) errors.phone = term('requiredField', term('phone'));
  else if (!PHONE_PATTERN.test(d.phone.trim())) errors.phone = term('invalidPhone');
  if (!email && v.digital) errors.email = term('requiredField', term('email')); // its hint says why
  else if (email && !EMAIL_PATTERN.test(email)) errors.email = term('invalidEmail');
  if (v.needsShipping) {
    if (!s.destination?.location_id || !s.destination.postal_code) errors.location = term('chooseDestination');
    if (!d.address.trim()) errors.address = term('requiredField', term('address'));
    else if (!s.shippingOption && !errors.location) errors.shipping = term('chooseShipping');
  }
  const method = v.methods.value?.find((x) => x.code === s.paymentMethod && !unavailable(x, v));
  if (!method) errors.method = term('chooseMethod');
  else if (method.channels.length && !s.subPaymentMethod) errors.channel = term('chooseChannel');
  return errors;
}

/** "Sudah punya akun? Masuk": a link to the page's sign-in, or a button to the sign-in form on this page. */
function signInPrompt(v: CheckoutView) {
  const { signIn } = v;
  if (!signIn) return nothing;
  const link = 'href' in signIn
    ? html`<a class="link" part="sign-in" href=${signIn.href}>${v.term('signIn')}</a>`
    : html`<button type="button" class="link" part="sign-in" @click=${() => signIn.focus()}>${v.term('signIn')}</button>`;
  return html`<p class="account muted">${v.term('haveAccount')} ${link}</p>`;
}

export function renderContact(v: CheckoutView) {
  const { term, draft: d, errors: e } = v;
  const set = (key: keyof Draft) => (value: string) => (d[key] = value);
  const email = v.digital
    ? { label: term('email'), hint: term('emailDelivers', v.digital.what), required: true }
    : { label: term('optional', term('email')), hint: term('emailHint'), required: false };
  return html`<section class="step-box" part="section">
    <div class="step-head"><h3 part="section-heading"><span class="step" aria-hidden="true">1</span>${v.term('contact')}</h3>${signInPrompt(v)}</div>
    ${field({ id: 'name', label: term('name'), value: d.name, error: e.name, autocomplete: 'name', required: true, input: set('name') })}
    <div class="grid-2">
      ${field({ id: 'phone', label: term('phone'), value: d.phone, error: e.phone, type: 'tel', autocomplete: 'tel', inputmode: 'tel', required: true, input: set('phone') })}
      ${field({ id: 'email', ...email, value: d.email, error: e.email, type: 'email', autocomplete: 'email', input: set('email') })}
    </div>
  </section>`;
}

export function renderDestination(v: CheckoutView) {
  const s = v.state;
  const { page, errors: e } = v;
  return html`<section class="step-box" part="section">
    <h3 part="section-heading"><span class="step" aria-hidden="true">2</span>${v.term('destination')}</h3>
    <svc-location-picker required exportparts=${exportParts(PICKER_PARTS, 'location-')} value=${String(s.destination?.location_id ?? '')}
      postal-code=${s.destination?.postal_code ?? ''} page-id=${ifDefined(page?.id)} page-key=${ifDefined(page?.key)} base-url=${ifDefined(page?.baseUrl)}
      aria-invalid=${e.location ? 'true' : 'false'} aria-describedby="location-error"></svc-location-picker>
    ${e.location ? html`<p class="field-error" part="field-error" id="location-error">${e.location}</p>` : nothing}
    ${v.prefilled ? html`<p class="hint" part="prefilled">${v.term('fromLastOrder')}</p>` : nothing}
    ${field({ id: 'address', label: v.term('address'), value: v.draft.address, error: e.address, hint: v.term('addressHint'), autocomplete: 'street-address', multiline: true, spellcheck: false, required: true, input: (text) => (v.draft.address = text) })}
    ${renderShipping(v)}
  </section>`;
}

function renderShipping(v: CheckoutView) {
  const { term, lang } = v;
  const chosen = v.state.shippingOption;
  const error = v.errors.shipping;
  const body = v.shippingOptions.render({
    initial: () => html`<p class="hint">${term('shippingFirst')}</p>`,
    pending: () => html`<div class="sk sk-opt"></div><div class="sk sk-opt"></div>`,
    error: (err) => html`<p class="alert" role="alert">${v.errorText(err)}</p>`,
    complete: (list) => !list ? html`<p class="hint">${term('shippingFirst')}</p>` : !list.length ? html`<p class="notice">${term('noShipping')}</p>`
      : list.map((o, i) => html`<label class="choice" part="shipping-option">
          <input type="radio" name="shipping" .checked=${sameOption(chosen, o)} aria-invalid=${error && i === 0 ? 'true' : 'false'}
            @change=${() => (v.update({ shippingOption: choice(o) }), v.chose(['shipping']))}>
          <span class="grow"><span>${o.courier_name} · ${o.service_name}</span><small>${v.term('days', o.etd_days_min, o.etd_days_max)}</small></span>
          <span class="cost">${o.cost === '0' ? v.term('free') : money(o.cost, lang)}</span></label>`),
  });
  return html`<fieldset class="options" aria-describedby="shipping-error"><legend>${term('shippingHeading')}</legend>${body}
    ${error ? html`<p class="field-error" part="field-error" id="shipping-error">${error}</p>` : nothing}</fieldset>`;
}

/** Server field paths → the input to mark. */
export const FIELD_OF: Record<string, keyof Errors> = {
  'customer.name': 'name', 'customer.phone': 'phone', 'customer.email': 'email', destination: 'location',
  'destination.location_id': 'location', 'destination.postal_code': 'location', 'destination.address': 'address',
  courier: 'shipping', courier_service: 'shipping', warehouse_id: 'shipping', shipping_option: 'shipping',
  payment_method: 'method', sub_payment_method: 'channel',
};
/** The inputs a buyer types in (checked as they type, once touched). */
export const TYPED: ReadonlySet<string> = new Set<FieldKey>(['name', 'phone', 'email', 'address']);

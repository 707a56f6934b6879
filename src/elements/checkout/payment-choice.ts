import { TaskStatus } from '@lit/task';
import { html, nothing } from 'lit';
import type { PaymentMethod } from '../../contract/catalog.ts';
import { field } from '../shared/form-kit.ts';
import { channelMark, methodMarks } from '../shared/payment-marks.ts';
import type { CheckoutView } from './checkout-form.ts';
export { paymentChoiceStyles } from './payment-choice.styles.ts';

/**
 * Why `method` cannot pay for this checkout (a text to show under it, disabled), or `null` when it can: cash on
 * delivery needs something to deliver, so a digital-only order never offers it (the service would refuse it).
 */
export function unavailable(method: PaymentMethod, v: Pick<CheckoutView, 'needsShipping' | 'term'>): string | null {
  return method.type === 'cod' && !v.needsShipping ? v.term('codNeedsShipping') : null;
}

function renderChannels(v: CheckoutView, method: PaymentMethod) {
  const { term, errors: e } = v;
  const chosen = v.state.subPaymentMethod;
  return html`<fieldset class="pay-channels" aria-describedby="channel-error">
    <legend>${term('channelOf', method.type)}</legend>
    <div class="chips">${method.channels.map((ch, j) => html`<label class="chip ${ch.code === chosen ? 'selected' : ''}" part="channel">
      <input type="radio" name="channel" .checked=${ch.code === chosen} aria-invalid=${e.channel && j === 0 ? 'true' : 'false'}
        @change=${() => (v.update({ subPaymentMethod: ch.code }), v.chose(['channel']))}>${channelMark(ch.code, ch.name)}</label>`)}</div>
    ${e.channel ? html`<p class="field-error" part="field-error" id="channel-error">${e.channel}</p>` : nothing}
  </fieldset>`;
}

/**
 * One method as a card: radio and name (the `payment-method` label, whose text is the name alone), its marks and a
 * one-line description (the radio's description), and, once chosen, its channels inside it. The name's label
 * stretches over the whole card, so a tap anywhere on it chooses the method; the channels sit above that layer.
 */
function renderMethod(v: CheckoutView, method: PaymentMethod, index: number) {
  const reason = unavailable(method, v);
  const selected = method.code === v.state.paymentMethod && !reason;
  const note = `method-note-${index}`;
  return html`<div class="pay ${selected ? 'selected' : ''} ${reason ? 'off' : ''}" part="payment-option">
    <label part="payment-method"><input type="radio" name="method" .checked=${selected} ?disabled=${!!reason} aria-describedby=${note}
        aria-invalid=${v.errors.method && index === 0 ? 'true' : 'false'}
        @change=${() => (v.update({ paymentMethod: method.code, subPaymentMethod: null }), v.chose(['method', 'channel']))}>${v.term('method', method.code, method.name)}</label>
    <span class="marks ${method.channels.length && method.type !== 'qris' ? 'many' : ''}" part="payment-marks">${methodMarks(method)}</span>
    <p class="pay-note" id=${note} part="payment-description">${reason ?? v.term('methodNote', method.type)}</p>
    ${selected && method.channels.length ? renderChannels(v, method) : nothing}
  </div>`;
}

export function renderPayment(v: CheckoutView, step: number) {
  const { term, errors: e } = v;
  const list = v.methods.value ?? [];
  const chosen = list.find((m) => m.code === v.state.paymentMethod);
  // a method chosen before it stopped applying (the buy-now items turned out digital): the choice goes, not the order
  if (chosen && unavailable(chosen, v)) queueMicrotask(() => v.update({ paymentMethod: null, subPaymentMethod: null }));
  const methods = v.methods.status === TaskStatus.PENDING
    ? html`<div class="sk sk-opt"></div><div class="sk sk-opt"></div>`
    : v.methods.status === TaskStatus.ERROR ? html`<p class="alert" role="alert">${v.errorText(v.methods.error)}</p>`
    : !list.length ? html`<p class="notice">${term('noMethods')}</p>`
    : list.map((method, i) => renderMethod(v, method, i));
  return html`<section class="step-box" part="section">
    <h3 part="section-heading"><span class="step" aria-hidden="true">${step}</span>${term('payment')}</h3>
    <fieldset class="options" aria-describedby="method-error"><legend class="sr-only">${term('payment')}</legend>${methods}
      ${e.method ? html`<p class="field-error" part="field-error" id="method-error">${e.method}</p>` : nothing}</fieldset>
    ${field({ id: 'notes', label: v.term('notes'), value: v.draft.notes, multiline: true, input: (text) => (v.draft.notes = text) })}
  </section>`;
}

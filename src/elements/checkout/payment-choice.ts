import { TaskStatus } from '@lit/task';
import { html, nothing } from 'lit';
import { field } from '../shared/form-kit.ts';
import { channelName } from '../shared/payment-messages.ts';
import type { CheckoutView } from './checkout-form.ts';

export function renderPayment(v: CheckoutView, step: number) {
  const { term, errors: e } = v;
  const s = v.state;
  const list = v.methods.value ?? [];
  const methods = v.methods.status === TaskStatus.PENDING
    ? html`<div class="sk sk-opt"></div><div class="sk sk-opt"></div>`
    : v.methods.status === TaskStatus.ERROR ? html`<p class="alert" role="alert">${v.errorText(v.methods.error)}</p>`
    : !list.length ? html`<p class="notice">${term('noMethods')}</p>`
    : list.map((method, i) => {
      const selected = method.code === s.paymentMethod;
      return html`<label class="choice" part="payment-method">
          <input type="radio" name="method" .checked=${selected} aria-invalid=${e.method && i === 0 ? 'true' : 'false'}
            @change=${() => (v.update({ paymentMethod: method.code, subPaymentMethod: null }), v.chose(['method', 'channel']))}>
          <span class="grow">${v.term('method', method.code, method.name)}</span></label>
        ${selected && method.channels.length ? html`<fieldset class="channels" aria-describedby="channel-error"><legend class="sr-only">${term('channel')}</legend>
          ${method.channels.map((ch, j) => html`<label class="choice" part="channel"><input type="radio" name="channel"
            .checked=${ch.code === s.subPaymentMethod} aria-invalid=${e.channel && j === 0 ? 'true' : 'false'}
            @change=${() => (v.update({ subPaymentMethod: ch.code }), v.chose(['channel']))}>${channelName(ch.code, ch.name)}</label>`)}
          ${e.channel ? html`<p class="field-error" part="field-error" id="channel-error">${e.channel}</p>` : nothing}</fieldset>` : nothing}`;
    });
  return html`<section class="step-box" part="section">
    <h3 part="section-heading"><span class="step" aria-hidden="true">${step}</span>${term('payment')}</h3>
    <fieldset class="options" aria-describedby="method-error"><legend class="sr-only">${term('payment')}</legend>${methods}
      ${e.method ? html`<p class="field-error" part="field-error" id="method-error">${e.method}</p>` : nothing}</fieldset>
    ${field({ id: 'notes', label: v.term('notes'), value: v.draft.notes, multiline: true, input: (text) => (v.draft.notes = text) })}
  </section>`;
}

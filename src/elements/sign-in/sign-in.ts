import { html, nothing } from 'lit';
import { property, state } from 'lit/decorators.js';
import { isApiError } from '../../client/errors.ts';
import { define, SvcElement } from '../shared/element.ts';
import { SignInEvent, SignOutEvent } from '../shared/account-events.ts';
import { SvcErrorEvent } from '../shared/svc-event.ts';
import { field, focusFirstInvalid, formStyles } from '../shared/form-kit.ts';
import { Localize } from '../shared/localize.ts';
import { EMAIL_PATTERN } from '../shared/buyer-messages.ts';
import { StoreController } from '../shared/store-controller.ts';
import { base } from '../shared/styles.ts';
import { SIGN_IN_TERMS } from './sign-in.i18n.ts';
import { ariaBool } from '../shared/templates.ts';
import { signInStyles } from './sign-in.styles.ts';

type View = 'sign-in' | 'otp' | 'forgot' | 'forgot-sent' | 'reset';
type Draft = { email: string; password: string; otp: string; newPassword: string; confirm: string };

/**
 * Customer sign-in: e-mail and password, then the one-time code when the store asks for one; "forgot password"
 * (sends the reset link) and the reset itself (the link's `?token=`, or `reset-token`). Signed in, it greets the
 * customer and offers sign-out. Signing in merges the guest cart into the customer's cart (the session does it).
 *
 * @summary Sign in, one-time code, forgot and reset password, sign out.
 * @slot heading - Heading of the sign-in form.
 * @slot signed-in - Shown under the greeting while signed in (links to the account, say).
 * @fires svc-sign-in - `{ email, storeId }` once signed in, the guest cart merged.
 * @fires svc-sign-out - `{ storeId }` after signing out.
 * @fires svc-error - `{ action: 'sign-in' | 'otp' | 'forgot' | 'reset' | 'sign-out', error, message }`.
 * @csspart base - The wrapper; `heading` its heading.
 * @csspart form - Each form; `field`, `label`, `input`, `field-error` inside.
 * @csspart submit - Each form's main button.
 * @csspart link - Secondary actions (forgot password, back, other account).
 * @csspart message - Confirmation and error messages.
 * @csspart sign-out - The sign-out button.
 * @csspart heading - The heading.
 * @csspart field - A label + input pair.
 * @csspart label - A field's label.
 * @csspart input - A field's input.
 * @csspart field-error - A field's error message.
 * @cssproperty --svc-sign-in-max-width - Width of the forms (26rem).
 */
export class SvcSignIn extends SvcElement {
  protected override readonly localize = new Localize(this, SIGN_IN_TERMS);
  static override styles = [
    base,
    formStyles,
    signInStyles,
  ];

  private draft: Draft = { email: '', password: '', otp: '', newPassword: '', confirm: '' };
  /** Signed in or out just now: the view's heading takes focus once it is shown (the form and its button are gone). */
  private focusHeading = false;
  private readonly sessionState = new StoreController(this, () => this.storefront?.$session);

  @state() private view: View = 'sign-in';
  @state() private busy = false;
  @state() private errors: Partial<Record<keyof Draft, string>> = {};
  @state() private message = '';
  @state() private failure = '';

  /** The reset token; defaults to `?token=` of the page address (the reset link). */
  @property({ attribute: 'reset-token' }) resetToken?: string;

  override connectedCallback() {
    super.connectedCallback();
    this.resetToken ??= new URLSearchParams(location.search).get('token') ?? undefined;
    if (this.resetToken) this.view = 'reset';
  }

  protected override updated() {
    if (!this.focusHeading) return;
    // the view that matches the session, not one still on its way out
    const view = this.sessionState.value?.status === 'authenticated' ? '.signed-in' : '.signed-out';
    const heading = this.renderRoot.querySelector<HTMLElement>(`${view} > h2`);
    if (!heading) return;
    this.focusHeading = false;
    heading.focus();
  }

  private get storeId() {
    return this.storefront?.client.options.storeId ?? '';
  }

  private async go(view: View, message = '') {
    Object.assign(this, { view, message, failure: '', errors: {} });
    await this.updateComplete;
    this.renderRoot.querySelector<HTMLElement>('h2')?.focus();
  }

  /** Runs an action with the busy flag; a failure is shown with `explain`'s text and announced as `svc-error`. */
  private async run(action: string, work: () => Promise<void>, explain: (error: unknown) => string | undefined = () => undefined) {
    if (this.busy) return;
    Object.assign(this, { busy: true, failure: '', message: '' });
    try {
      await work();
    } catch (error) {
      this.failure = explain(error) ?? this.errorText(error);
      this.dispatchEvent(new SvcErrorEvent({ action, error, message: this.failure }));
    } finally {
      this.busy = false;
    }
  }

  private invalid(errors: Partial<Record<keyof Draft, string | false>>): boolean {
    this.errors = Object.fromEntries(Object.entries(errors).filter(([, v]) => v));
    if (!Object.keys(this.errors).length) return false;
    void this.updateComplete.then(() => focusFirstInvalid(this.renderRoot));
    return true;
  }

  private signedIn(email: string) {
    this.draft.password = this.draft.otp = '';
    this.focusHeading = true;
    this.requestUpdate();
    this.dispatchEvent(new SignInEvent({ email, storeId: this.storeId }));
  }

  private signIn(e: SubmitEvent) {
    e.preventDefault();
    const { term } = this.localize;
    const email = this.draft.email.trim();
    if (this.invalid({ email: !email ? term('enterEmail') : !EMAIL_PATTERN.test(email) && term('invalidEmail'), password: !this.draft.password && term('enterPassword') })) return;
    void this.run('sign-in', async () => {
      const result = await this.requireStorefront().signIn({ email, password: this.draft.password });
      if (result.status === 'signed-in') this.signedIn(email);
      else await this.go('otp', this.localize.term('otpSent', email));
    }, (error) => (isApiError(error, 'invalid_credentials') ? this.localize.term('wrong') : undefined));
  }

  private verify(e: SubmitEvent) {
    e.preventDefault();
    const otp = this.draft.otp.replace(/\s/g, '');
    if (this.invalid({ otp: !/^\d{6}$/.test(otp) && this.localize.term('codeInvalid') })) return;
    const email = this.sessionState.value?.otpEmail ?? this.draft.email.trim();
    void this.run('otp', async () => {
      await this.requireStorefront().verifyOtp({ email, otp });
      this.signedIn(email);
    }, (error) => (isApiError(error) && error.status === 401 ? this.localize.term('codeWrong') : undefined));
  }

  private forgot(e: SubmitEvent) {
    e.preventDefault();
    const { term } = this.localize;
    const email = this.draft.email.trim();
    if (this.invalid({ email: !email ? term('enterEmail') : !EMAIL_PATTERN.test(email) && term('invalidEmail') })) return;
    void this.run('forgot', async () => {
      await this.requireStorefront().requestPasswordReset(email);
      await this.go('forgot-sent', this.localize.term('linkSent', email));
    });
  }

  private reset(e: SubmitEvent) {
    e.preventDefault();
    const { newPassword, confirm } = this.draft;
    const { term } = this.localize;
    if (this.invalid({ newPassword: newPassword.length < 8 && term('passwordShort'), confirm: confirm !== newPassword && this.localize.term('mismatch') })) return;
    void this.run('reset', async () => {
      await this.requireStorefront().resetPassword(this.resetToken ?? '', newPassword);
      this.draft.newPassword = this.draft.confirm = '';
      this.resetToken = undefined;
      const url = new URL(location.href);
      if (url.searchParams.has('token')) {
        url.searchParams.delete('token'); // a spent link
        history.replaceState(history.state, '', url);
      }
      await this.go('sign-in', this.localize.term('resetDone'));
    }, (error) => (isApiError(error) && 'token' in error.fields ? this.localize.term('resetInvalid') : undefined));
  }

  private signOut() {
    void this.run('sign-out', async () => {
      await this.requireStorefront().signOut();
      this.focusHeading = true;
      this.requestUpdate();
      this.dispatchEvent(new SignOutEvent({ storeId: this.storeId }));
    });
  }

  private renderForm(title: string, submit: (e: SubmitEvent) => void, fields: unknown, button: string, after: unknown = nothing) {
    return html`<h2 part="heading" tabindex="-1"><slot name="heading">${title}</slot></h2>
      ${this.message ? html`<p class="ok" part="message" role="status">${this.message}</p>` : nothing}
      <form part="form" novalidate @submit=${submit}>
        ${fields}
        ${this.failure ? html`<p class="alert" part="message" role="alert">${this.failure}</p>` : nothing}
        <button class="btn submit" part="submit" aria-busy=${ariaBool(this.busy)} ?disabled=${this.busy}>${button}</button>
      </form>${after}`;
  }

  private renderView() {
    const { term } = this.localize;
    const d = this.draft;
    const e = this.errors;
    const set = (key: keyof Draft) => (value: string) => (d[key] = value);
    const email = () => field({ id: 'email', label: term('email'), value: d.email, error: e.email, type: 'email', autocomplete: 'email', required: true, input: set('email') });
    const link = (label: string, view: View) => html`<button type="button" class="link" part="link" @click=${() => this.go(view)}>${label}</button>`;
    switch (this.view) {
      case 'otp':
        return this.renderForm(term('otpTitle'), this.verify, html`
        ${field({ id: 'otp', label: term('code'), value: d.otp, error: e.otp, autocomplete: 'one-time-code', inputmode: 'numeric', required: true, input: set('otp') })}`,
          this.busy ? term('signingIn') : term('verify'), html`<div class="row">${link(term('otherAccount'), 'sign-in')}</div>`);
      case 'forgot':
        return this.renderForm(term('forgotTitle'), this.forgot, html`<p class="intro">${term('forgotIntro')}</p>${email()}`, term('sendLink'),
          html`<div class="row">${link(term('backToSignIn'), 'sign-in')}</div>`);
      case 'forgot-sent':
        return html`<h2 part="heading" tabindex="-1">${term('forgotTitle')}</h2><p class="ok" part="message" role="status">${this.message}</p>
          <div class="row">${link(term('backToSignIn'), 'sign-in')}</div>`;
      case 'reset':
        return this.renderForm(term('resetTitle'), this.reset, html`
          ${field({ id: 'newPassword', label: term('newPassword'), value: d.newPassword, error: e.newPassword, type: 'password', autocomplete: 'new-password', hint: term('passwordShort'), required: true, input: set('newPassword') })}
          ${field({ id: 'confirm', label: term('confirmPassword'), value: d.confirm, error: e.confirm, type: 'password', autocomplete: 'new-password', required: true, input: set('confirm') })}`,
          term('savePassword'), html`<div class="row">${link(term('backToSignIn'), 'sign-in')}</div>`);
      default:
        return this.renderForm(term('signIn'), this.signIn, html`<p class="intro">${term('intro')}</p>${email()}
          ${field({ id: 'password', label: term('password'), value: d.password, error: e.password, type: 'password', autocomplete: 'current-password', required: true, input: set('password') })}`,
          this.busy ? term('signingIn') : term('signIn'), html`<div class="row">${link(term('forgot'), 'forgot')}</div>`);
    }
  }

  override render() {
    const session = this.sessionState.value;
    if (!this.storefront) return html`<p class="alert">${this.localize.term('notConfigured')}</p>`;
    if (session?.status === 'authenticated') {
      const customer = session.customer?.customer;
      return html`<section part="base" class="signed-in">
        <h2 part="heading" tabindex="-1">${this.localize.term('hello', customer?.name ?? customer?.email ?? '')}</h2>
        ${customer ? html`<p class="intro">${this.localize.term('signedInAs', customer.email)}</p>` : nothing}
        <slot name="signed-in"></slot>
        ${this.failure ? html`<p class="alert" part="message" role="alert">${this.failure}</p>` : nothing}
        <div><button type="button" class="btn quiet" part="sign-out" ?disabled=${this.busy} @click=${this.signOut}>${this.localize.term('signOut')}</button></div>
      </section>`;
    }
    return html`<section part="base" class="signed-out">${this.renderView()}</section>`;
  }
}

define('svc-sign-in', SvcSignIn);

declare global {
  interface HTMLElementTagNameMap {
    'svc-sign-in': SvcSignIn;
  }
}

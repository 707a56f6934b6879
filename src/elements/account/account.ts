import { html, nothing } from 'lit';
import { property, state } from 'lit/decorators.js';
import { isApiError } from '../../client/errors.ts';
import '../../session/storefront-parts.ts'; // storefront.courses
import { listSubscriptions } from '../../client/routes/purchases.ts';
import type { Subscription } from '../../contract/customer.ts';
import '../sign-in/sign-in.ts';
import { define, SvcElement } from '../shared/element.ts';
import { SignOutEvent } from '../shared/account-events.ts';
import { SvcErrorEvent } from '../shared/svc-event.ts';
import { money } from '../shared/format.ts';
import { field, focusFirstInvalid, formStyles } from '../shared/form-kit.ts';
import { Localize } from '../shared/localize.ts';
import { PHONE_PATTERN } from '../shared/buyer-messages.ts';
import { dateTime } from '../shared/order-messages.ts';
import { orderViewStyles } from '../shared/order-view.ts';
import { StoreController } from '../shared/store-controller.ts';
import { base } from '../shared/styles.ts';
import { AccountCourses } from './account-courses.ts';
import { AccountOrders } from './account-orders.ts';
import { ACCOUNT_TERMS } from './account.i18n.ts';
import { accountStyles } from './account.styles.ts';
import { PagedList } from './paged-list.ts';
import { ariaBool } from '../shared/templates.ts';

const TABS = ['profile', 'orders', 'subscriptions', 'courses'] as const;
type Tab = (typeof TABS)[number];
type Draft = { mode: 'profile' | 'password'; name: string; phone: string; current: string; next: string };

/**
 * The signed-in customer's account: profile (view, edit, password), orders (cursor-paged cards: products, state,
 * total, courier and tracking number, "Beli lagi", and folded the buyer-safe detail and, while unpaid, how to pay),
 * subscriptions, and digital courses (sections, contents, progress). The tabs wrap onto a second row on a narrow
 * screen. Signed out, it shows `<svc-sign-in>` (or the `signed-out` slot).
 *
 * @summary Customer account: profile, orders, subscriptions, courses.
 * @slot heading - Heading (default "Akun saya" / "My account").
 * @slot signed-out - Shown while nobody is signed in (default: `<svc-sign-in>`).
 * @fires svc-sign-out - `{ storeId }` after the sign-out button.
 * @fires svc-error - `{ action: 'profile' | 'password' | 'sign-out', error, message }`.
 * @fires svc-cart-change - `{ action: 'add', cart, item }` after "Beli lagi" put at least one item into the cart.
 * @csspart base - The wrapper; `heading`, `tabs`, `tab`, `panel` inside it.
 * @csspart field - Profile and password inputs; also `label`, `input`, `field-error`.
 * @csspart order - One order (an `<article>`); `status`, `lines`, `line`, `tracking`, `buy-again`, `order-link`,
 *   `order-details`, `totals`, `total` inside it.
 * @csspart tracking - The courier and the tracking number; `tracking-number`, `tracking-copy` inside it.
 * @csspart tracking-number - The tracking number.
 * @csspart tracking-copy - Its copy button.
 * @csspart buy-again - "Beli lagi": the order's items into the cart again.
 * @csspart buy-again-message - What "Beli lagi" did: added, no longer available, failed.
 * @csspart order-link - The link to the order's page.
 * @csspart order-details - The folded totals, address and payment instructions (a `<details>`).
 * @csspart subscription - One subscription card.
 * @csspart course-card - One course in the list; `course`, `course-lesson`, `course-content`, `course-done` when open.
 * @csspart more - "Load more" buttons.
 * @csspart heading - The heading.
 * @csspart tabs - The tab list.
 * @csspart tab - A tab.
 * @csspart panel - The panel of the selected tab.
 * @csspart label - A field's label.
 * @csspart input - A field's input.
 * @csspart field-error - A field's error message.
 * @csspart status - An order's state badge.
 * @csspart lines - An order's lines.
 * @csspart line - One line.
 * @csspart totals - An order's totals.
 * @csspart total - The grand total row.
 * @csspart course - A course card.
 * @csspart course-content - A course's lessons.
 * @csspart course-lesson - A lesson.
 * @csspart course-done - The completed mark of a lesson.
 * @csspart sign-out - The sign-out button.
 */
export class SvcAccount extends SvcElement {
  static override styles = [base, formStyles, orderViewStyles, accountStyles];
  protected override readonly localize = new Localize(this, ACCOUNT_TERMS);

  private readonly sessionState = new StoreController(this, () => this.storefront?.$session);
  private readonly orders = new AccountOrders(this);
  private readonly subscriptions = new PagedList<Subscription>(this, (cursor, signal) => listSubscriptions(this.client!, { next_cursor: cursor }, { signal }));
  private readonly courses = new AccountCourses(this);
  private customerId?: number;
  /**
   * The buyer is using the sign-in form inside (focus went there and did not leave for the rest of the page). When
   * the session turns signed in, the form is gone: the account's heading takes focus instead of `<body>`. A session
   * restored on page load or signed in elsewhere on the page moves no focus. (`svc-sign-in` cannot tell: it fires
   * after the session changed, when the form is already out of the document.)
   */
  private usingForm = false;
  private focusHeading = false;
  private readonly onFocusIn = () => (this.usingForm = this.sessionState.value?.status !== 'authenticated');
  private readonly onFocusOut = (e: FocusEvent) => {
    const to = e.relatedTarget as Node | null;
    if (to && to !== this && !this.contains(to)) this.usingForm = false;
  };

  @state() private draft?: Draft;
  @state() private errors: Partial<Record<keyof Draft, string>> = {};
  @state() private busy = false;
  @state() private note = '';
  @state() private failure = '';

  /** The open tab: `profile`, `orders`, `subscriptions` or `courses`. */
  @property({ reflect: true }) tab: Tab = 'profile';

  override connectedCallback() {
    super.connectedCallback();
    this.addEventListener('focusin', this.onFocusIn);
    this.addEventListener('focusout', this.onFocusOut);
  }

  override disconnectedCallback() {
    super.disconnectedCallback();
    this.removeEventListener('focusin', this.onFocusIn);
    this.removeEventListener('focusout', this.onFocusOut);
  }

  protected override updated() {
    const heading = this.focusHeading && this.renderRoot.querySelector<HTMLElement>('header > h2');
    if (!heading) return;
    this.focusHeading = false;
    heading.focus();
  }

  protected override willUpdate() {
    if (this.usingForm && this.sessionState.value?.status === 'authenticated') [this.usingForm, this.focusHeading] = [false, true];
    const id = this.sessionState.value?.customer?.customer.id;
    if (id !== this.customerId) {
      // another customer (or none): nothing of the previous one may stay on screen
      this.customerId = id;
      this.subscriptions.reset();
      this.orders.reset();
      this.courses.reset();
      this.draft = undefined;
    }
    if (id !== undefined) void ({ orders: this.orders.list, subscriptions: this.subscriptions, courses: this.courses.list, profile: undefined })[this.tab]?.load();
  }

  /** For the courses tab. */
  get client() {
    return this.storefront?.client;
  }

  /** For the orders tab: "Beli lagi" adds through the storefront's cart actions. */
  get cart() {
    return this.storefront?.cart;
  }

  /** For the courses tab: progress writes and `$progress`. */
  get courseProgress() {
    return this.storefront?.courses;
  }

  errorMessage(error: unknown) {
    return this.errorText(error);
  }

  private select(tab: Tab, focus = false) {
    this.tab = tab;
    if (focus) void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLElement>(`#tab-${tab}`)?.focus());
  }

  /** Arrow keys, Home and End move between tabs (WAI-ARIA tabs, automatic activation). */
  private onTabKey(e: KeyboardEvent) {
    const i = TABS.indexOf(this.tab);
    const to = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: TABS.length - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    this.select(TABS[(to + TABS.length) % TABS.length], true);
  }

  private async act(action: string, work: () => Promise<void>) {
    this.busy = true;
    this.failure = this.note = '';
    try {
      await work();
    } catch (error) {
      const { term } = this.localize;
      if (isApiError(error, 'invalid_credentials')) this.errors = { current: this.localize.term('wrongPassword') };
      else if (isApiError(error) && error.fields.phone) this.errors = { phone: term('invalidPhone') };
      else this.failure = this.errorText(error);
      this.dispatchEvent(new SvcErrorEvent({ action, error, message: this.failure || Object.values(this.errors)[0] || '' }));
      void this.updateComplete.then(() => focusFirstInvalid(this.renderRoot));
    } finally {
      this.busy = false;
    }
  }

  private saveProfile(e: SubmitEvent) {
    e.preventDefault();
    const { term } = this.localize;
    const name = this.draft!.name.trim();
    const phone = this.draft!.phone.trim();
    this.errors = { name: name ? undefined : term('enterName'), phone: !phone || PHONE_PATTERN.test(phone) ? undefined : term('invalidPhone') };
    if (this.errors.name || this.errors.phone) return void this.updateComplete.then(() => focusFirstInvalid(this.renderRoot));
    void this.act('profile', async () => {
      await this.storefront!.account.updateProfile({ name, phone: phone || null }); // every view of the profile follows
      this.draft = undefined;
      this.note = term('saved');
    });
  }

  private savePassword(e: SubmitEvent, generated: boolean) {
    e.preventDefault();
    const { term } = this.localize;
    const { current, next } = this.draft!;
    this.errors = { current: generated || current ? undefined : term('enterCurrentPassword'), next: next.length >= 8 ? undefined : term('passwordShort') };
    if (this.errors.current || this.errors.next) return void this.updateComplete.then(() => focusFirstInvalid(this.renderRoot));
    void this.act('password', async () => {
      await this.storefront!.account.changePassword({ ...(current && { current_password: current }), new_password: next });
      this.draft = undefined;
      this.note = this.localize.term('passwordSaved');
    });
  }

  private signOut() {
    void this.act('sign-out', async () => {
      await this.storefront!.signOut();
      this.dispatchEvent(new SignOutEvent({ storeId: this.client?.options.storeId ?? '' }));
    });
  }

  private renderProfile() {
    const { term } = this.localize;
    const profile = this.sessionState.value!.customer!;
    const c = profile.customer;
    const d = this.draft;
    const e = this.errors;
    const edit = (mode: Draft['mode']) => {
      this.errors = {};
      this.note = '';
      this.draft = { mode, name: c.name ?? '', phone: c.phone ?? '', current: '', next: '' };
    };
    const mode = d?.mode;
    const set = (key: 'name' | 'phone' | 'current' | 'next') => (v: string) => (d![key] = v);
    const actions = (label: string) => html`<div class="actions"><button class="btn" ?disabled=${this.busy}>${this.busy ? term('saving') : label}</button>
      <button type="button" class="btn quiet" @click=${() => (this.draft = undefined)}>${term('cancel')}</button></div>`;
    return html`
      ${this.note ? html`<p class="ok" role="status">${this.note}</p>` : nothing}
      ${this.failure ? html`<p class="alert" role="alert">${this.failure}</p>` : nothing}
      ${profile.is_generated_password_reset ? html`<p class="notice alert">${term('generated')}</p>` : nothing}
      ${mode === 'profile' ? html`<form class="card" novalidate @submit=${this.saveProfile}>
          ${field({ id: 'name', label: term('name'), value: d!.name, error: e.name, autocomplete: 'name', required: true, input: set('name') })}
          ${field({ id: 'phone', label: term('phone'), value: d!.phone, error: e.phone, type: 'tel', autocomplete: 'tel', input: set('phone') })}
          ${actions(term('save'))}</form>`
        : mode === 'password' ? html`<form class="card" novalidate @submit=${(ev: SubmitEvent) => this.savePassword(ev, profile.is_generated_password_reset)}>
          <input type="email" autocomplete="username" .value=${c.email} hidden>
          ${profile.is_generated_password_reset ? nothing : field({ id: 'current', label: term('currentPassword'), value: d!.current, error: e.current, type: 'password', autocomplete: 'current-password', required: true, input: set('current') })}
          ${field({ id: 'next', label: term('newPassword'), value: d!.next, error: e.next, type: 'password', autocomplete: 'new-password', hint: term('passwordShort'), required: true, input: set('next') })}
          ${actions(term('save'))}</form>`
        : html`<div class="card profile">
          <strong>${c.name ?? c.email}</strong><span>${c.email}</span>${c.phone ? html`<span>${c.phone}</span>` : nothing}
          <small class="muted">${term('memberSince', dateTime(c.created_at, this.uiLang, true))}</small>
          <div class="actions"><button type="button" class="btn quiet" @click=${() => edit('profile')}>${term('editProfile')}</button>
            <button type="button" class="btn quiet" @click=${() => edit('password')}>${term('changePassword')}</button>
            <button type="button" class="btn quiet" part="sign-out" @click=${this.signOut}>${term('signOut')}</button></div></div>`}`;
  }

  private renderSubscription(s: Subscription) {
    const { term } = this.localize;
    const lang = this.uiLang;
    return html`<li class="card" part="subscription">
      <h3>${s.product_name}</h3>${s.variant_name ? html`<span class="muted">${s.variant_name}</span>` : nothing}
      <span><strong>${money(s.price, lang)}</strong> ${term('every', s.interval_count, s.interval)}</span>
      <span><span class="badge">${term('subscriptionState', s.status)}</span></span>
      ${s.next_billing_at && s.status === 'active' ? html`<small class="muted">${term('nextBilling', dateTime(s.next_billing_at, lang, true))}</small>` : nothing}
    </li>`;
  }

  /** A paged list's states: skeleton, error with retry, empty, items and "load more". */
  private renderList<T>(list: PagedList<T>, empty: string, items: (all: T[]) => unknown) {
    const { term } = this.localize;
    if (list.status === 'error' && !list.items.length) {
      return html`<p class="alert" role="alert">${this.errorText(list.error)} <button type="button" class="link" @click=${() => list.load()}>${this.localize.term('retry')}</button></p>`;
    }
    if (!list.items.length) return list.status === 'ready' ? html`<p class="muted">${empty}</p>` : html`<div class="sk sk-5"></div>`;
    return html`${items(list.items)}${list.next ? html`<button type="button" class="btn quiet more" part="more" ?disabled=${list.status === 'loading'}
      @click=${() => list.load(true)}>${list.status === 'loading' ? this.localize.term('loading') : term('loadMore')}</button>` : nothing}`;
  }

  private renderPanel() {
    const { term } = this.localize;
    switch (this.tab) {
      case 'orders':
        return this.renderList(this.orders.list, term('noOrders'), (all) => html`<div class="orders">${all.map((o) => this.orders.render(o, term, this.uiLang))}</div>`);
      case 'subscriptions':
        return this.renderList(this.subscriptions, term('noSubscriptions'), (all) => html`<ul class="cards" role="list">${all.map((s) => this.renderSubscription(s))}</ul>`);
      case 'courses':
        return this.renderList(this.courses.list, term('noCourses'), () => this.courses.render(term, this.uiLang));
      default:
        return this.renderProfile();
    }
  }

  override render() {
    const { term } = this.localize;
    const session = this.sessionState.value;
    const heading = html`<h2 part="heading" tabindex="-1"><slot name="heading">${term('account')}</slot></h2>`;
    if (!this.storefront) return html`<p class="alert">${this.localize.term('notConfigured')}</p>`;
    if (session?.status !== 'authenticated') {
      return html`<section part="base">${heading}<slot name="signed-out"><svc-sign-in></svc-sign-in></slot></section>`;
    }
    if (!session.customer) return html`<section part="base" aria-busy="true">${heading}<div class="sk sk-8"></div></section>`;
    return html`<section part="base">
      <header>${heading}</header>
      <div role="tablist" part="tabs" aria-label=${term('account')} @keydown=${this.onTabKey}>
        ${TABS.map((tab) => html`<button type="button" role="tab" part="tab" id=${`tab-${tab}`} aria-controls="panel"
          aria-selected=${ariaBool(tab === this.tab)} tabindex=${tab === this.tab ? '0' : '-1'} @click=${() => this.select(tab)}>${term('tab', tab)}</button>`)}
      </div>
      <div role="tabpanel" id="panel" part="panel" tabindex="0" aria-labelledby=${`tab-${this.tab}`}>${this.renderPanel()}</div>
    </section>`;
  }
}

define('svc-account', SvcAccount);

declare global {
  interface HTMLElementTagNameMap {
    'svc-account': SvcAccount;
  }
}

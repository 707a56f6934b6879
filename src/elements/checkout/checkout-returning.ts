import type { ReactiveControllerHost } from 'lit';
import type { ShippingOption } from '../../contract/checkout.ts';
import type { CheckoutMode, Storefront } from '../../session/index.ts';
import { safeUrl } from '../shared/safe-url.ts';

/** A courier service, as an earlier order shipped with it (its warehouse may differ now). */
export type CourierChoice = { courier: string; courier_service: string };

type Draft = { name: string; phone: string; email: string; address: string };
type Profile = { id: number; name: string | null; phone: string | null; email: string };

/**
 * A signed-in buyer's checkout starts from their profile (name, phone, e-mail) and from the destination and courier
 * of their last order, unless they already chose a destination.
 */
export class ReturningBuyer {
  /** The destination came from the last order. */
  prefilled = false;
  /** That order's courier service: chosen when the destination's options offer it. */
  private courier: CourierChoice | null = null;
  /** Whose last order was asked for (one customer's, once). */
  private askedFor?: number;

  constructor(private readonly host: ReactiveControllerHost) {}

  /** On every update of a customer checkout (`profile` once it is known). */
  start(engine: Storefront['checkout'], profile: Profile | undefined, draft: Draft) {
    if (!profile) return;
    if (!draft.name && !draft.phone) Object.assign(draft, { name: profile.name ?? '', phone: profile.phone ?? '', email: profile.email });
    if (this.askedFor === profile.id || engine.$checkout.get().destination) return;
    this.askedFor = profile.id;
    void engine.previousDelivery().catch(() => null).then((previous) => {
      if (!previous || engine.$checkout.get().destination) return;
      if (!draft.address.trim()) draft.address = previous.destination.address ?? '';
      engine.update({ destination: { ...previous.destination, address: draft.address.trim() || undefined } });
      [this.courier, this.prefilled] = [previous.courier, true];
      this.host.requestUpdate();
    });
  }

  /** The option to choose when the chosen one is not offered: the last order's courier, else the first. */
  pick(options: ShippingOption[]): ShippingOption | undefined {
    return options.find((o) => o.courier === this.courier?.courier && o.courier_service === this.courier.courier_service) ?? options[0];
  }
}

/**
 * Whether the order holds something digital (delivered by e-mail, so the e-mail is required), and its name when
 * there is one: the lines say so (`item_type`), or nothing ships at all.
 */
export function digitalOf(lines: ReadonlyArray<{ name: string; item_type?: string }> | null | undefined, nothingShips: boolean) {
  const names = [...new Set((lines ?? []).filter((l) => l.item_type === 'digital').map((l) => l.name))];
  if (!names.length && !nothingShips) return null;
  return { what: names.length === 1 ? names[0] : null };
}

/**
 * Where a guest signs in: `sign-in-url` (a link), else the `<svc-sign-in>` or `<svc-account>` on the page (scrolled to,
 * its first field focused). Nothing for a signed-in buyer, an HTML Mode page (no customers) or a page without sign-in.
 */
export function signInTarget(mode: CheckoutMode | undefined, url: string | undefined): { href: string } | { focus(): void } | null {
  if (mode !== 'guest') return null;
  const href = safeUrl(url);
  if (href) return { href };
  const form = document.querySelector('svc-sign-in, svc-account');
  return form && {
    focus() {
      form.scrollIntoView({ block: 'center' });
      const signIn = form.localName === 'svc-account' ? form.shadowRoot?.querySelector('svc-sign-in') : form;
      signIn?.shadowRoot?.querySelector<HTMLElement>('input')?.focus();
    },
  };
}

import type { CheckoutMode, Storefront } from '../../session/index.ts';
import { safeUrl } from '../shared/safe-url.ts';

/** A courier service, as an earlier order shipped with it (its warehouse may differ now). */
export type CourierChoice = { courier: string; courier_service: string };

/**
 * A signed-in buyer's checkout starts from the destination of their last order, unless a destination is already
 * chosen. Resolves with that order's courier (null: it had none) once the destination is applied, else undefined.
 */
export async function applyPreviousDelivery(engine: Storefront['checkout'], draft: { address: string }): Promise<CourierChoice | null | undefined> {
  if (engine.$checkout.get().destination) return undefined;
  const previous = await engine.previousDelivery().catch(() => null);
  if (!previous || engine.$checkout.get().destination) return undefined;
  if (!draft.address.trim()) draft.address = previous.destination.address ?? '';
  engine.update({ destination: { ...previous.destination, address: draft.address.trim() || undefined } });
  return previous.courier;
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

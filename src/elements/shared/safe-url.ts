/**
 * URLs from the service (images, payment and order links, course files) go into `src` and `href` only when they
 * resolve to http(s), or are an inline raster image: a `javascript:` or other scheme from a compromised or careless
 * back office is dropped rather than rendered. Lit escapes attribute values but does not judge schemes.
 */
import { isSafeNavigation } from '../../client/safe-navigation.ts';

const RASTER_DATA = /^data:image\/(?:png|gif|jpeg|webp|avif)[;,]/i;

export function safeUrl(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const { protocol } = new URL(url, document.baseURI);
    if (protocol === 'https:' || protocol === 'http:') return url;
    return protocol === 'data:' && RASTER_DATA.test(url.trim()) ? url : undefined;
  } catch {
    return undefined;
  }
}

/** Where "Pay now" may lead: https, or http on loopback in development (client/safe-navigation.ts). */
export const safePaymentUrl = (url: string | null | undefined): string | undefined => (isSafeNavigation(url) ? url : undefined);

import type { DOMPurify } from 'dompurify';
import type { TrustedHTML } from 'trusted-types/lib/index.js';

let purifier: Promise<DOMPurify> | undefined;

/** Sanitised merchant HTML: bind it with `.innerHTML`, never interpolate it as text. */
export type SanitizedHtml = string | TrustedHTML;
/** For `.innerHTML=${…}`: the setter takes a TrustedHTML too, though the DOM typings say `string`. */
export const innerHtml = (html: SanitizedHtml) => html as string;

/**
 * Merchant HTML (product descriptions) made inert. DOMPurify is imported on first use so that pages
 * without a product view never load it. Links open safely; nothing active (scripts, handlers, forms, frames) survives.
 * Where the browser has Trusted Types, the result is a TrustedHTML, so pages with `require-trusted-types-for 'script'`
 * accept it in `.innerHTML` (allow the `dompurify` policy if the page lists policy names).
 */
export async function sanitize(html: string): Promise<SanitizedHtml> {
  purifier ??= import('dompurify').then(({ default: purify }) => {
    purify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A' && node.getAttribute('target') === '_blank') node.setAttribute('rel', 'noopener noreferrer');
    });
    return purify;
  });
  const purify = await purifier;
  return purify.sanitize(html, {
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select'], FORBID_ATTR: ['style'], RETURN_TRUSTED_TYPE: true,
  });
}

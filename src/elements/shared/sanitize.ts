import type { DOMPurify } from 'dompurify';

let purifier: Promise<DOMPurify> | undefined;

/**
 * Merchant HTML (product descriptions) made inert. DOMPurify (~8 kB gzip) is imported on first use so that pages
 * without a product view never load it. Links open safely; nothing active (scripts, handlers, forms, frames) survives.
 */
export async function sanitize(html: string): Promise<string> {
  purifier ??= import('dompurify').then(({ default: purify }) => {
    purify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A' && node.getAttribute('target') === '_blank') node.setAttribute('rel', 'noopener noreferrer');
    });
    return purify;
  });
  const purify = await purifier;
  return purify.sanitize(html, { FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select'], FORBID_ATTR: ['style'] });
}

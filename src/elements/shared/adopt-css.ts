/**
 * Adds `css` to a document or a shadow root: as a constructed sheet where the browser has them (nothing a strict CSP
 * must allow), else (Safari before 16.4) as a `<style>` element carrying the page's nonce for Lit (`window.litNonce`),
 * which a strict CSP's `style-src` then allows, as it does Lit's own styles there.
 */
export function adoptCss(root: Document | ShadowRoot, css: string): void {
  /* eslint-disable no-restricted-syntax -- the guarded use */
  if ('adoptedStyleSheets' in root && 'replaceSync' in CSSStyleSheet.prototype) {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
    return;
  }
  /* eslint-enable no-restricted-syntax */
  const style = document.createElement('style');
  style.textContent = css;
  const nonce = (window as { litNonce?: string }).litNonce;
  if (nonce) style.nonce = nonce;
  ('head' in root ? root.head : root).append(style);
}

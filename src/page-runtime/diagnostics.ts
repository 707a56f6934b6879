/**
 * Console diagnostics for page authors. Each names the element (and passes it, so devtools can reveal it) and says
 * how to fix the markup; a message is printed once per element.
 */
const told = new Set<string>();

/** The element's start tag as written, e.g. `<select data-svc-field="custmer.name">`. */
const describe = (el: Element) => el.outerHTML.slice(0, el.outerHTML.indexOf('>') + 1);

export function misconfigured(el: Element | undefined, message: string, level: 'error' | 'warn' = 'error'): void {
  const text = `[svc-page] ${el ? `${describe(el)}: ` : ''}${message}`;
  if (told.has(text)) return;
  told.add(text);
  console[level](text, ...(el ? [el] : []));
}

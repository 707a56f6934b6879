// Imported first by the tests beside it, before Lit or our code is evaluated: this page loses what Safari 15.4 lacks
// and the policy supports (docs/browsers.md): constructed stylesheets, ElementInternals, AbortSignal.timeout.
delete (Document.prototype as Partial<Document>).adoptedStyleSheets;
delete (ShadowRoot.prototype as Partial<ShadowRoot>).adoptedStyleSheets;
delete (HTMLElement.prototype as Partial<HTMLElement>).attachInternals;
delete (AbortSignal as Partial<typeof AbortSignal>).timeout;

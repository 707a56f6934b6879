import { css } from 'lit';

/**
 * Phones first: buttons, icon buttons and stepper buttons are 44×44 px touch targets at least (WCAG 2.5.5), inputs
 * 16 px at least (iOS Safari zooms into smaller ones), the default muted colour is 4.5:1 on the subtle surface too.
 * (Reasons live here, not in the CSS: comments in a css`` template ship to every page.)
 *
 * Design tokens and the few building blocks every element shares. Each public `--svc-*` token is read once, on
 * `:host`, into a private `--_*` variable with its default, so a theme sets a token anywhere above the element and
 * nested elements (the cart inside the cart button) resolve it again for themselves.
 */
export const base = css`
  :host {
    --_primary: var(--svc-color-primary, #0f766e);
    --_on-primary: var(--svc-color-on-primary, #fff);
    --_text: var(--svc-color-text, #1c1917);
    --_muted: var(--svc-color-muted, #5f6672);
    --_surface: var(--svc-color-surface, #fff);
    --_subtle: var(--svc-color-subtle, #f5f5f4);
    --_border: var(--svc-color-border, #e7e5e4);
    --_danger: var(--svc-color-danger, #dc2626);
    --_on-danger: var(--svc-color-on-danger, #fff);
    --_success: var(--svc-color-success, #15803d);
    --_warning: var(--svc-color-warning, #d97706);
    --_radius: var(--svc-radius, 0.875rem);
    --_radius-control: var(--svc-radius-control, 0.625rem);
    --_space: var(--svc-space, 1rem);
    --_shadow: var(--svc-shadow, 0 1px 2px rgb(0 0 0 / 0.05), 0 12px 32px -16px rgb(0 0 0 / 0.25));
    --_font-heading: var(--svc-font-heading, inherit);
    --_focus: var(--svc-color-focus, var(--_primary));
    display: block;
    color: var(--_text);
    font-family: var(--svc-font-family, inherit);
    font-size: var(--svc-font-size, 1rem);
    line-height: 1.5;
  }
  :host([hidden]) { display: none; }
  *, *::before, *::after { box-sizing: border-box; }
  :focus-visible { outline: 2px solid var(--_focus); outline-offset: 2px; }
  h2, h3 { font-family: var(--_font-heading); margin: 0; line-height: 1.25; }
  img { display: block; max-width: 100%; }
  svg { flex: none; }
  button, input, select { font: inherit; color: inherit; }
  input, select, textarea { font-size: max(16px, 1em); }
  .btn {
    display: inline-flex; align-items: center; justify-content: center; gap: 0.5em;
    min-height: max(2.75em, 44px); padding: 0.5em 1.25em; border: 1px solid var(--_primary); border-radius: var(--_radius-control);
    background: var(--_primary); color: var(--_on-primary); font-weight: 600; cursor: pointer;
    transition: filter 0.15s, background-color 0.15s;
  }
  .btn:hover:not(:disabled) { filter: brightness(1.08); }
  .btn:active:not(:disabled) { filter: brightness(0.94); }
  .btn:disabled { opacity: 0.45; cursor: not-allowed; }
  .btn.quiet { background: transparent; color: var(--_text); border-color: var(--_border); }
  .btn.quiet:hover:not(:disabled) { background: var(--_subtle); filter: none; }
  .icon-btn {
    display: inline-grid; place-items: center; flex: none; width: max(2.75em, 44px); height: max(2.75em, 44px); padding: 0; border: 0;
    border-radius: var(--_radius-control); background: transparent; cursor: pointer;
  }
  .icon-btn:hover:not(:disabled) { background: var(--_subtle); }
  .icon-btn:disabled { opacity: 0.35; cursor: not-allowed; }
  .muted { color: var(--_muted); }
  .badge {
    display: inline-block; padding: 0.125em 0.625em; border-radius: 999px; font-size: 0.75em; font-weight: 600;
    background: var(--_subtle); color: var(--_text); white-space: nowrap;
  }
  .badge.danger { background: var(--_danger); color: var(--_on-danger); }
  .price { display: flex; flex-wrap: wrap; align-items: baseline; column-gap: 0.4em; font-weight: 700; font-variant-numeric: tabular-nums; }
  .price > * { white-space: nowrap; }
  .price s { margin-inline-start: 0.15em; color: var(--_muted); font-weight: 400; font-size: 0.875em; }
  .error { color: var(--_danger); }
  .state { display: grid; justify-items: center; gap: 0.75em; padding: calc(var(--_space) * 2) var(--_space); text-align: center; }
  .sk {
    border-radius: var(--_radius-control);
    background: linear-gradient(90deg, var(--_subtle) 25%, var(--_border) 50%, var(--_subtle) 75%) 0 0 / 200% 100%;
    animation: sk 1.4s linear infinite;
  }
  @keyframes sk { to { background-position: -200% 0; } }
  @media (prefers-reduced-motion: reduce) { .sk { animation: none; } }
  .sr-only { position: absolute; width: 1px; height: 1px; margin: -1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
  .stepper { display: inline-flex; align-items: center; border: 1px solid var(--_border); border-radius: var(--_radius-control); background: var(--_surface); }
  .stepper input {
    align-self: stretch; width: 2.75em; border: 0; background: none; text-align: center; font-variant-numeric: tabular-nums; -moz-appearance: textfield;
  }
  .stepper input::-webkit-inner-spin-button { -webkit-appearance: none; }
  .stepper .icon-btn { width: 44px; height: 44px; }
`;

/** A native `<dialog>` as a centred sheet or, with `.drawer`, a panel sliding in from the inline end. */
export const dialogStyles = css`
  dialog {
    width: min(56rem, 100vw - 2rem); max-height: calc(100vh - 2rem); max-height: calc(100dvh - 2rem); padding: 0; border: 0;
    border-radius: var(--_radius); background: var(--_surface); color: var(--_text); box-shadow: var(--_shadow);
  }
  dialog.drawer {
    margin: 0 0 0 auto; width: min(var(--svc-drawer-width, 26rem), 100vw); height: 100vh; height: 100dvh; max-height: none;
    border-radius: var(--_radius) 0 0 var(--_radius);
  }
  dialog[open] { animation: pop 0.2s ease-out; }
  dialog.drawer[open] { animation-name: slide; }
  dialog::backdrop { background: rgb(15 15 20 / 0.45); -webkit-backdrop-filter: blur(2px); backdrop-filter: blur(2px); }
  @keyframes pop { from { opacity: 0; transform: translateY(0.75rem); } }
  @keyframes slide { from { transform: translateX(100%); } }
  @media (prefers-reduced-motion: reduce) { dialog[open] { animation: none; } }
  .dialog-bar { position: sticky; top: 0; z-index: 1; display: flex; justify-content: flex-end; padding: 0.5rem; }
`;

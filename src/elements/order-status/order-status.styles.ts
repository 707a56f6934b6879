import { css } from 'lit';

/** `<svc-order-status>`: header, sections and the details form. */
export const orderStatusStyles = css`
  :host { container-type: inline-size; }
  [part='base'] { display: grid; gap: calc(var(--_space) * 1.25); max-width: var(--svc-order-status-max-width, 44rem); }
  header { display: flex; flex-wrap: wrap; align-items: center; gap: 0.75rem 1rem; }
  header img { width: 2.75rem; height: 2.75rem; border-radius: var(--_radius-control); }
  header .title { flex: 1; display: grid; }
  h2 { font-size: 1.5em; font-weight: 700; }
  h3 { font-size: 1.0625em; margin-block-end: 0.75rem; }
  section.card { display: grid; gap: 0.25rem; }
  .rows { margin-block-start: 0.75rem; }
  address { font-style: normal; }
  .sk { height: 8rem; }
  @container (max-width: 30rem) {
    section.card, .pay.card { padding: calc(var(--_space) * 1.25) 0 0; border-width: 1px 0 0; border-radius: 0; background: none; }
  }
`;

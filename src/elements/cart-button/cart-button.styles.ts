import { css } from 'lit';

/** `<svc-cart-button>`: the bag button and the cart drawer. */
export const cartButtonStyles = css`
  :host { display: inline-flex; vertical-align: middle; } /* the icon box alone: no line box around it */
  .open { position: relative; }
  .badge {
    position: absolute; inset: 0 0 auto auto; min-width: 1.25rem; height: 1.25rem; padding: 0 0.3rem;
    border-radius: 999px; background: var(--_primary); color: var(--_on-primary); font-size: 0.6875rem; line-height: 1.25rem;
    text-align: center; font-weight: 700; font-variant-numeric: tabular-nums;
  }
  dialog svc-cart { padding: 1.25rem 1.5rem 1.5rem; }
  @media (max-width: 25rem) { dialog svc-cart { padding-inline: 1rem; } }
  .dialog-bar { position: absolute; inset: 0.75rem 0.75rem auto auto; padding: 0; }
`;

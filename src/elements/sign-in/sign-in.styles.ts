import { css } from 'lit';

/** `<svc-sign-in>`: the forms and the signed-in card. */
export const signInStyles = css`
  [part='base'] { display: grid; gap: var(--_space); max-width: var(--svc-sign-in-max-width, 26rem); }
  h2 { font-size: 1.375em; font-weight: 700; }
  h2:focus { outline: none; }
  .intro { margin: 0; color: var(--_muted); }
  .submit { width: 100%; }
  .row { display: flex; justify-content: space-between; gap: 1rem; flex-wrap: wrap; }
  #otp { font-size: 1.375em; letter-spacing: 0.4em; text-align: center; font-variant-numeric: tabular-nums; }
`;

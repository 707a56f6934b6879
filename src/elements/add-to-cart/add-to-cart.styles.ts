import { css } from 'lit';

/** `<svc-add-to-cart>`: the button fills its box. */
export const addToCartStyles = css`:host { display: inline-block; } .btn { width: 100%; text-decoration: none; } p { margin: 0.375rem 0 0; font-size: 0.875em; }`;

import { css } from 'lit';

/**
 * The public theme tokens, each read with its default where it is used. No element assigns a
 * `--gateway-*` property on its host: an assignment there would cut the inheritance, so a token
 * set on the page or on `gateway-checkout` would never reach the fields nested inside.
 */
export const token = {
  fontFamily: css`var(--gateway-font-family, system-ui, sans-serif)`,
  fontSize: css`var(--gateway-font-size, 1rem)`,
  text: css`var(--gateway-color-text, light-dark(#1b1b1f, #ececf1))`,
  muted: css`var(--gateway-color-muted, light-dark(#55585f, #b4b7bf))`,
  background: css`var(--gateway-color-background, light-dark(#ffffff, #1b1b1f))`,
  inputBackground: css`var(--gateway-color-input-background, light-dark(#ffffff, #26272c))`,
  border: css`var(--gateway-color-border, light-dark(#767982, #8c8f98))`,
  focus: css`var(--gateway-color-focus, light-dark(#1f5fd6, #8ab4ff))`,
  error: css`var(--gateway-color-error, light-dark(#b3261e, #ffb4ab))`,
  success: css`var(--gateway-color-success, light-dark(#146c2e, #6dd58c))`,
  radius: css`var(--gateway-radius, 0.375rem)`,
  gap: css`var(--gateway-gap, 0.75rem)`,
  inputPadding: css`var(--gateway-input-padding, 0.625rem 0.75rem)`,
} as const;

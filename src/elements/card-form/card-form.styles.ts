import { css } from 'lit';
import { token } from '../shared/tokens.ts';

export const cardFormStyles = css`
  .control {
    position: relative;
  }
  #number {
    padding-inline-end: 3.25rem;
  }
  /* Digit groups stay in reading order on right-to-left pages, aligned to the field's start. */
  :host(:dir(rtl)) input[dir='ltr'] {
    text-align: right;
  }
  :host(:dir(rtl)) #number {
    padding-inline: 3.25rem 0.75rem;
  }
  .head {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: 0.25rem 0.75rem;
  }
  .mark {
    display: block;
    inline-size: 100%;
    block-size: 100%;
  }
  .brand {
    position: absolute;
    inset-inline-end: 0.625rem;
    inset-block-start: 50%;
    transform: translateY(-50%);
    inline-size: 1.75rem;
    block-size: 1.125rem;
    color: ${token.muted};
    pointer-events: none;
  }
  .brands {
    display: flex;
    flex-wrap: wrap;
    gap: 0.25rem;
    margin: 0;
    padding: 0;
    list-style: none;
  }
  .brands li {
    inline-size: 1.5rem;
    block-size: 0.9375rem;
    transition: opacity 0.15s;
  }
  .brands .dim {
    opacity: 0.3;
  }
  @media (prefers-reduced-motion: reduce) {
    .brands li {
      transition: none;
    }
  }
  /* Isolated mode: the fields page keeps 4px around its form for focus rings; so the inputs line
     up with the rest of the page, the frame reaches as far beyond the element. */
  iframe[part~='frame'] {
    display: block;
    border: 0;
    margin: -4px;
    inline-size: calc(100% + 8px);
    block-size: 15.5rem;
    background: transparent;
  }
  iframe[part~='frame'][hidden] {
    display: none;
  }
`;

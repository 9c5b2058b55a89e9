import { css } from 'lit';
import { token } from '../shared/tokens.ts';

export const cardFormStyles = css`
  .control {
    position: relative;
  }
  #number,
  #csc {
    padding-inline-end: 3.25rem;
  }
  /* Digit groups stay in reading order on right-to-left pages, aligned to the field's start. */
  :host(:dir(rtl)) input[dir='ltr'] {
    text-align: right;
  }
  :host(:dir(rtl)) #number,
  :host(:dir(rtl)) #csc {
    padding-inline: 3.25rem 0.75rem;
  }
  .head {
    display: flex;
    align-items: center;
    gap: 0.75rem;
  }
  .head label {
    flex: none;
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
  /* Where the code is: the box drawn in the focus colour, as a finger would point at it. */
  .code {
    stroke: ${token.focus};
  }
  /* The hint stands where the error would (the empty error after it takes no room, nor its gap),
     so the field keeps its height when one gives its place to the other. */
  .hint {
    color: ${token.muted};
    font-size: 0.875em;
    min-block-size: 1.25em;
    margin-block-end: -0.25rem;
    text-wrap: balance;
  }
  .hint:empty {
    display: none;
  }
  /* One row that never wraps: it takes what the label leaves, and what has no room becomes "+N". */
  .brands {
    display: flex;
    flex: 1 1 0;
    min-inline-size: 0;
    justify-content: flex-end;
    gap: 0.25rem;
    margin: 0;
    padding: 0;
    overflow: hidden;
    list-style: none;
    color: ${token.muted};
  }
  .brands li {
    flex: none;
    inline-size: 1.5rem;
    block-size: 0.9375rem;
    transition:
      opacity 0.15s,
      filter 0.15s;
  }
  /* Faded in grey: on a dark page a faded white tile stays darker than the detected one. */
  .brands .dim {
    opacity: 0.35;
    filter: grayscale(1);
  }
  /* The detected brand: full colour, its outline drawn in the focus colour. */
  .brands .on {
    color: ${token.focus};
  }
  .brands .on rect:first-child {
    stroke-opacity: 1;
  }
  .brands .more {
    box-sizing: border-box;
    border: 1px solid;
    border-radius: 0.1875rem;
    font-size: 0.625rem;
    font-weight: 600;
    line-height: 0.8125rem;
    text-align: center;
  }
  @media (prefers-reduced-motion: reduce) {
    .brands li {
      transition: none;
    }
  }
  /* Isolated mode: the fields page keeps 4px around its form for focus rings; so the inputs line
     up with the rest of the page, the frame reaches as far beyond the element. Until the fields
     report their height, the frame takes what four fields and the security code's hint take on a
     desktop (287px measured), so their first report moves little. */
  iframe[part~='frame'] {
    display: block;
    border: 0;
    margin: -4px;
    inline-size: calc(100% + 8px);
    block-size: 18rem;
    background: transparent;
  }
  iframe[part~='frame'][hidden] {
    display: none;
  }
`;

/** How an element's own error keys map onto the flags of ValidityState. */
export type ValidityKind = 'missing' | 'short' | 'pattern' | 'underflow' | 'overflow' | 'type';

const FLAGS: Readonly<Record<ValidityKind, ValidityStateFlags>> = {
  missing: { valueMissing: true },
  short: { tooShort: true },
  pattern: { patternMismatch: true },
  underflow: { rangeUnderflow: true },
  overflow: { rangeOverflow: true },
  type: { typeMismatch: true },
};

export function validityFlags(kind: ValidityKind): ValidityStateFlags {
  return FLAGS[kind];
}

/** One field's problem: what ValidityState flag it sets and the message shown. */
export interface FieldError {
  readonly kind: ValidityKind;
  readonly message: string;
  /** The value is a valid beginning: do not show the error while the field is being edited. */
  readonly prefix?: boolean;
}

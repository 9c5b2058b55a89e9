// Pure card logic: no DOM, no side effects.
export * from './brand.ts';
export * from './direct-body.ts';
export * from './expiry.ts';
export * from './format.ts';
export * from './number.ts';
export * from './postal-code.ts';
export * from './security-code.ts';

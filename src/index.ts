// Public entry of the browser package: element classes and types, no side effects.
// Registration lives in ./define.ts so that importing a class never defines a tag.
export type * from './protocol/session.ts';

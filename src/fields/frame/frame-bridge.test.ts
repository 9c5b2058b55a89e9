import { describe, expect, it } from 'vitest';
import { parentMayBe } from './frame-bridge.ts';

const reported = (...origins: string[]) =>
  Object.assign([...origins], {
    contains: (o: string) => origins.includes(o),
    item: (i: number) => origins[i] ?? null,
  }) as unknown as DOMStringList;

describe('the parent origin the frame expects', () => {
  it('agrees with ancestorOrigins where the engine names a real origin', () => {
    expect(parentMayBe('https://shop.example', reported('https://shop.example'))).toBe(true);
    expect(parentMayBe('https://shop.example', reported('https://evil.example'))).toBe(false);
  });

  it('leaves the decision to the handshake where the engine names none (Firefox without a referrer, no ancestorOrigins)', () => {
    expect(parentMayBe('https://shop.example', reported('null'))).toBe(true);
    expect(parentMayBe('https://shop.example', reported())).toBe(true);
    expect(parentMayBe('https://shop.example', undefined)).toBe(true);
  });
});

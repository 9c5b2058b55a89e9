import { describe, expect, it } from 'vitest';
import { SCENARIOS, scenarioOf } from './scenarios.ts';

describe('demo scenarios', () => {
  it('names only its own scenarios: inherited property names give the default page', () => {
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', '', null])
      expect(scenarioOf(name)).toBe('one-step');
    for (const name of Object.keys(SCENARIOS)) expect(scenarioOf(name)).toBe(name);
  });
});

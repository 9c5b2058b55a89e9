import { expect } from '@open-wc/testing';
import { describe, it } from 'vitest';
import { REGION_COUNTRIES, regionCode, regionsOf } from './regions.ts';

describe('state and province lists', () => {
  it('covers the United States, Canada and Australia with the codes address verification expects', () => {
    expect([...REGION_COUNTRIES]).to.include.members(['US', 'CA', 'AU']);
    const us = regionsOf('US')!;
    // 50 states, the District of Columbia, five inhabited territories, three military codes, UM.
    expect(us.length).to.equal(60);
    expect(us.every(([code]) => /^[A-Z]{2}$/.test(code))).to.equal(true);
    expect(new Set(us.map(([code]) => code)).size).to.equal(us.length);
    expect(us.find(([code]) => code === 'NY')?.[1]).to.equal('New York');
    expect(regionsOf('ca')!.map(([code]) => code)).to.deep.equal(
      'AB BC MB NB NL NT NS NU ON PE QC SK YT'.split(' '),
    );
    expect(regionsOf('AU')!.map(([code]) => code)).to.deep.equal('ACT NSW NT QLD SA TAS VIC WA'.split(' '));
    expect(regionsOf('LV')).to.equal(null);
  });

  it('lists in the order of the names', () => {
    for (const country of REGION_COUNTRIES) {
      const names = regionsOf(country)!.map(([, name]) => name);
      expect(names).to.deep.equal([...names].sort((a, b) => a.localeCompare(b, 'en')));
    }
  });

  it('reads a code or a name as people and autofill write them', () => {
    expect(regionCode('US', 'ny')).to.equal('NY');
    expect(regionCode('US', ' New York ')).to.equal('NY');
    expect(regionCode('CA', 'Québec')).to.equal('QC');
    expect(regionCode('AU', 'nsw')).to.equal('NSW');
    expect(regionCode('US', 'Bavaria')).to.equal(null);
    expect(regionCode('LV', 'Rīga')).to.equal(null);
  });
});

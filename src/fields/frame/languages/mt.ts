import type { TermsWords } from '../terms.ts';

export const terms: TermsWords = {
  pay: (a) => `Ħallas ${a}`,
  reserve: (a) => `Irriżerva ${a}`,
  saveCard: 'Issejvja l-karta',
  hold: (a) => `L-ammont ta’ ${a} se jiġi riżervat issa u ddebitat meta l-ordni tiegħek tintbagħat.`,
  save: {
    'one-click': (m) => `Il-karta tiegħek se tiġi ssejvjata ma’ ${m} għal ħlasijiet bi klikk wieħed.`,
    automatic: (m) => `Il-karta tiegħek se tiġi ssejvjata ma’ ${m} għall-ħlasijiet li tapprova.`,
    recurring: (m) => `Il-karta tiegħek se tiġi ssejvjata ma’ ${m} għal ħlasijiet rikorrenti.`,
    merchant: (m) => `Il-karta tiegħek se tiġi ssejvjata ma’ ${m} għal ħlasijiet futuri.`,
  },
  nothingNow: 'Xejn ma jiġi ddebitat issa.',
};

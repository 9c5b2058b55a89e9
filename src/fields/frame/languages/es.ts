import type { TermsWords } from '../terms.ts';

export const terms: TermsWords = {
  pay: (a) => `Pagar ${a}`,
  reserve: (a) => `Reservar ${a}`,
  saveCard: 'Guardar tarjeta',
  hold: (a) => `Se reservarán ${a} ahora y se cobrarán cuando se envíe tu pedido.`,
  save: {
    'one-click': (m) => `Tu tarjeta se guardará en ${m} para pagos con un clic.`,
    automatic: (m) => `Tu tarjeta se guardará en ${m} para los pagos que apruebes.`,
    recurring: (m) => `Tu tarjeta se guardará en ${m} para pagos recurrentes.`,
    merchant: (m) => `Tu tarjeta se guardará en ${m} para pagos futuros.`,
  },
  nothingNow: 'Ahora no se cobra nada.',
};

import type { Catalog, PageWords } from '../language-file.ts';
import { plural } from '../plural.ts';

// European Portuguese (Portugal is the EU's), written so a Brazilian reader meets nothing odd.
export const code = 'pt';
export const name = 'Português';
export const dir = 'ltr';

// Portugal's plural rules: zero takes the plural ("0 campos"), as it does not in Brazil's.
const n = plural('pt-PT');

export const texts: Catalog = {
  cardNumber: 'Número do cartão',
  expiry: 'Data de validade',
  expiryPlaceholder: 'MM/AA',
  securityCode: 'Código de segurança',
  cardholderName: 'Nome do titular do cartão',
  brandDetected: (brand: string) => `Cartão ${brand}`,
  numberInvalid: 'Introduza um número de cartão válido.',
  brandNotAccepted: 'Esta marca de cartão não é aceite aqui.',
  expiryInvalid: 'Introduza uma data de validade válida (MM/AA).',
  expiryPast: 'O cartão expirou.',
  codeInvalid: (length: number) => `Introduza o código de segurança de ${length} dígitos.`,
  codeBack: (length: number) => `${length} dígitos no verso`,
  codeFront: (length: number) => `${length} dígitos na frente`,
  firstName: 'Nome próprio',
  lastName: 'Apelido',
  address: 'Morada',
  city: 'Localidade',
  postalCode: 'Código postal',
  country: 'País',
  state: 'Estado',
  choose: 'Escolha…',
  required: 'Este campo é obrigatório.',
  postalInvalid: 'Verifique o código postal.',
  zipCode: 'Código ZIP',
  postcode: 'Código postal',
  postalExample: (example: string) => `Por exemplo, ${example}`,
  charactersLeft: (count: number) => n(count, { one: 'Resta # carácter', other: 'Restam # caracteres' }),
  lengthLimit: (max: number) => n(max, { one: 'No máximo # carácter', other: 'No máximo # caracteres' }),
  tooLong: (max: number) =>
    n(max, { one: 'Encurte para no máximo # carácter.', other: 'Encurte para no máximo # caracteres.' }),
  consentOneClick: (merchant: string) => `Guardar o meu cartão em ${merchant} para pagar mais depressa.`,
  consentAutomatic: (merchant: string) =>
    `Autorizo ${merchant} a guardar o meu cartão e a cobrar nele os pagamentos que eu aprovar.`,
  consentRecurring: (merchant: string) =>
    `Autorizo ${merchant} a guardar o meu cartão e a cobrar nele pagamentos recorrentes.`,
  // gateway-checkout
  pay: 'Pagar',
  payAmount: (amount: string) => `Pagar ${amount}`,
  saveCard: 'Guardar cartão',
  loading: 'A carregar o formulário de pagamento…',
  processing: 'A processar o pagamento…',
  challenge: 'A aguardar que o seu banco confirme o pagamento…',
  challengeTitle: 'Confirme o pagamento junto do seu banco',
  verifying: 'A confirmar o pagamento…',
  cancel: 'Cancelar',
  paid: 'Pagamento concluído. Obrigado!',
  authorized: 'Pagamento autorizado. O montante está reservado no seu cartão.',
  declineFunds: 'O pagamento foi recusado: o cartão não tem saldo suficiente. Experimente outro cartão.',
  declineExpired: 'O pagamento foi recusado: o cartão expirou.',
  declineAuthentication: 'O seu banco não conseguiu confirmar o pagamento. Não foi cobrado nenhum valor.',
  declineIssuer: 'O seu banco recusou o pagamento. Contacte o seu banco ou experimente outro cartão.',
  declineOther: (reason: string) => `O pagamento foi recusado: ${reason}`,
  newPayment: 'Novo pagamento',
  tryAgain: 'Tentar novamente',
  checkStatus: 'Verificar o estado do pagamento',
  email: 'E-mail',
  hostedTitle: 'Formulário de pagamento seguro',
  cardFrameTitle: 'Dados do cartão',
  fieldsUnavailable: 'Não foi possível carregar os campos do cartão.',
  errorSession: 'Não foi possível iniciar o pagamento. Verifique os dados e tente novamente.',
  errorRejected: 'O serviço de pagamento não aceitou o pagamento.',
  errorUnconfirmed:
    'Ainda não conseguimos confirmar o seu pagamento. Não pague novamente; estamos a verificar.',
  errorCancelled:
    'Fechou a verificação do banco antes de terminar, por isso o pagamento não está concluído. Não foi cobrado nada.',
  errorAmount: 'Ainda não há montante a pagar. Introduza primeiro o montante.',
  reopenChallenge: 'Reabrir a verificação do banco',
  errorFields: 'A loja não conseguiu aceitar alguns dados. Verifique os campos assinalados.',
  fieldInvalid: 'Verifique este campo.',
  errorRateLimited: (minutes: number) =>
    n(minutes, {
      one: 'Demasiadas tentativas, tente novamente dentro de # minuto.',
      other: 'Demasiadas tentativas, tente novamente dentro de # minutos.',
    }),
  errorTooManyAttempts: 'Demasiadas tentativas, tente novamente mais tarde.',
  errorVerification: 'A verificação de segurança falhou. Não foi cobrado nada; tente novamente.',
  errorUntrustedGateway: 'Não foi possível enviar o pagamento em segurança. Nada foi enviado.',
  errorRetry: 'O pagamento não foi concluído. Não foi cobrado nenhum valor; pode tentar novamente.',
  acceptedCards: 'Cartões aceites',
  autoAdvance: 'Quando este campo estiver completo, passa automaticamente para o seguinte.',
  emailRequired: 'Introduza o seu endereço de e-mail.',
  emailInvalid: 'Introduza um endereço de e-mail válido, como nome@example.com.',
  attention: (count: number) =>
    n(count, { one: '# campo precisa da sua atenção.', other: '# campos precisam da sua atenção.' }),
  paidTitle: 'Pagamento concluído',
  authorizedTitle: 'Pagamento autorizado',
  resultAmount: 'Montante',
  resultOrder: 'Número da encomenda',
  cardSaved: 'O seu cartão ficou guardado para pagamentos futuros.',
  savedTitle: 'Cartão guardado',
  verifiedTitle: 'Cartão verificado',
  saved: 'Cartão guardado. Não foi cobrado nada.',
  verified: 'Cartão verificado. Não foi cobrado nada.',
  nothingCharged: 'Não foi cobrado nada.',
};

export const page: PageWords = {
  payTo: 'Pagamento a',
  order: 'Encomenda',
  total: 'Total',
  zero: 'Nada é cobrado: o cartão é verificado e guardado',
  testCard: (card: string) => `Ambiente de testes: use um cartão de teste, por exemplo ${card}.`,
  bankTitle: 'Verificação 3-D Secure',
  confirmTitle: 'Confirme o seu pagamento',
  confirmLead: 'O seu banco pede-lhe que confirme este pagamento.',
  merchant: 'Comerciante',
  card: 'Cartão',
  date: 'Data',
  approve: 'Aprovar',
  fail: 'Recusar',
  bankNote:
    'Banco de testes: não é enviado nenhum código. «Aprovar» autentica o pagamento, «Recusar» recusa-o.',
  doneTitle: 'Verificação 3-D Secure concluída',
  confirmed: 'Pagamento confirmado.',
  notConfirmed: 'Pagamento não confirmado.',
  orderStatus: 'Estado da encomenda:',
  closeWindow: 'Pode fechar esta janela.',
};

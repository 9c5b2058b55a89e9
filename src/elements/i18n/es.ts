import type { Catalog } from './en.ts';

export const es: Catalog = {
  cardNumber: 'Número de tarjeta',
  expiry: 'Fecha de caducidad',
  expiryPlaceholder: 'MM/AA',
  securityCode: 'Código de seguridad',
  cardholderName: 'Nombre del titular',
  brandDetected: 'Tarjeta {brand}',
  numberInvalid: 'Introduce un número de tarjeta válido.',
  brandNotAccepted: 'Esta marca de tarjeta no se acepta aquí.',
  expiryInvalid: 'Introduce una fecha de caducidad válida (MM/AA).',
  expiryPast: 'La tarjeta ha caducado.',
  codeInvalid: 'Introduce el código de seguridad de {length} dígitos.',
  firstName: 'Nombre',
  lastName: 'Apellidos',
  address: 'Dirección',
  city: 'Ciudad',
  postalCode: 'Código postal',
  country: 'País',
  state: 'Estado',
  choose: 'Elegir…',
  required: 'Este campo es obligatorio.',
  postalInvalid: 'Revisa el código postal.',
  consentOneClick: 'Guardar mi tarjeta en {merchant} para pagar más rápido.',
  consentAutomatic:
    'Permitir que {merchant} guarde mi tarjeta y la cargue en los pagos futuros que yo acepte.',
  consentRecurring:
    'Permitir que {merchant} guarde mi tarjeta y la cargue automáticamente en pagos periódicos.',
};

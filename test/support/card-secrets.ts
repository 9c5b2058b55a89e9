/**
 * Card values as a leak check must look for them. A page is full of random ids (a Math.random()
 * page id, UUIDs, base64url idempotency keys, timestamps) and three digits of a security code sit in
 * many of them by chance: "907" is in 0.9160570643589907. So a value counts only where it stands as
 * a token of its own, the way a leak would carry it (a JSON string or number, a query parameter, a
 * line of text), never as a run inside a longer id. Pure: unit, browser and end-to-end tests share it.
 */

export interface Secret {
  readonly name: string;
  readonly pattern: RegExp;
}

/**
 * A card number however it is written: its digits in order, with up to three separators (spaces,
 * dashes, dots, JSON escapes) between them. Never inside a longer run of digits or letters.
 */
export function cardNumberSecret(number: string): Secret {
  const digits = number.replace(/\D/g, '').split('');
  return {
    name: 'card number',
    pattern: new RegExp(`(?<![0-9A-Za-z_])${digits.join('[^0-9A-Za-z]{0,3}')}(?![0-9A-Za-z_])`),
  };
}

/**
 * A security code as a token of its own: not three digits inside an id, a decimal or a time of day
 * (nothing word-like, no dot or dash, no digit and colon before it; nothing word-like after it). A
 * JSON key's colon (`"cvv":907`) still counts.
 */
export function securityCodeSecret(code: string): Secret {
  return {
    name: 'security code',
    pattern: new RegExp(`(?<![0-9A-Za-z_.-])(?<![0-9]:)${code}(?![0-9A-Za-z_])`),
  };
}

/** A cardholder name: letters no random id is made of, so any occurrence counts. */
export function cardholderNameSecret(name: string): Secret {
  return { name: 'cardholder name', pattern: new RegExp(name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) };
}

/** The card's number, security code and (when given) holder name, as secrets. */
export function cardSecrets(card: { number: string; csc?: string; name?: string }): Secret[] {
  const secrets = [cardNumberSecret(card.number)];
  if (card.csc) secrets.push(securityCodeSecret(card.csc));
  if (card.name) secrets.push(cardholderNameSecret(card.name));
  return secrets;
}

/** The names of the secrets `text` holds; empty when it holds none. */
export function secretsIn(text: string | null | undefined, secrets: readonly Secret[]): string[] {
  if (!text) return [];
  return secrets.filter((secret) => secret.pattern.test(text)).map((secret) => secret.name);
}

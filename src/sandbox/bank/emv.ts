/**
 * What the gateway's 3-D Secure page and the bank (the issuer's access control server) hand each
 * other through the browser, shaped as EMV 3-D Secure 2 shapes it: base64url JSON in form fields
 * (`threeDSMethodData`, `creq`, `cres`), and the challenge windows a requestor may ask for.
 */

/** EMV's challengeWindowSize: the frame a challenge page must fit, in CSS pixels; "05" fills the window. */
export const CHALLENGE_WINDOWS = {
  '01': { width: 250, height: 400 },
  '02': { width: 390, height: 400 },
  '03': { width: 500, height: 600 },
  '04': { width: 600, height: 400 },
  '05': null,
} as const;

export type ChallengeWindow = keyof typeof CHALLENGE_WINDOWS;

export const isChallengeWindow = (value: unknown): value is ChallengeWindow =>
  typeof value === 'string' && Object.hasOwn(CHALLENGE_WINDOWS, value);

export const MESSAGE_VERSION = '2.2.0';

/** The challenge request the gateway's page posts to the bank. */
export interface CReq {
  threeDSServerTransID: string;
  acsTransID: string;
  messageType: 'CReq';
  messageVersion: string;
  challengeWindowSize: ChallengeWindow;
}

/** The bank's answer, posted back to the gateway; the result itself reached the gateway already. */
export interface CRes {
  threeDSServerTransID: string;
  acsTransID: string;
  messageType: 'CRes';
  messageVersion: string;
  /** Y authenticated, N not authenticated; the challenge was completed either way. */
  transStatus: 'Y' | 'N';
  challengeCompletionInd: 'Y';
}

/** The 3DS Method's data: which authentication, and where the bank's hidden page answers. */
export interface MethodData {
  threeDSServerTransID: string;
  threeDSMethodNotificationURL?: string;
}

export function encode(value: object): string {
  return Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
}

/** The object in a base64url JSON field, or null when the field is not one. */
export function decode(field: string | null): Record<string, unknown> | null {
  if (!field || !/^[\w-]+={0,2}$/.test(field) || field.length > 8192) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(field, 'base64url').toString('utf8'));
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

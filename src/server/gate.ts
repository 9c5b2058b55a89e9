import type { CheckoutConfig } from '../protocol/index.ts';
import {
  type Clients,
  createVelocityLimits,
  VelocityLimitError,
  type VelocityLimits,
  type VelocityLimitsOptions,
} from './limits.ts';
import { fail } from './respond.ts';

/**
 * What the session endpoint checks before it lets a new order be created: that a MOTO session
 * comes from one of the merchant's agents, that the bot check passed, and that the client is
 * within its velocity limits. Each refusal is a typed error with its HTTP answer.
 */
export interface GateOptions {
  /**
   * Whether the caller is one of your agents (signed in to your back office), for MOTO sessions: a
   * MOTO payment needs no security code, so anyone reaching it can test cards. Without this hook
   * every MOTO session is refused.
   */
  authorizeMoto?: (request: Request) => boolean | Promise<boolean>;
  /**
   * Checks the bot-check token the element attached in its `gateway-before-pay` event (the session
   * request's `verification`; undefined when none was attached): Turnstile, hCaptcha, reCAPTCHA or
   * your own. False refuses the session (403 `verification_failed`). Called once per new order:
   * a repeated request for the same order is not checked again (provider tokens are single-use).
   */
  verify?: (request: Request, token: string | undefined) => boolean | Promise<boolean>;
  /**
   * Velocity limits, on by default (DEFAULT_VELOCITY_RULES, in memory). Options, or the limits of
   * `createVelocityLimits` to share them with the webhook receiver (which then counts declines it
   * confirms) and across processes (`store: createRedisStores(redis).limits`).
   */
  limits?: VelocityLimits | VelocityLimitsOptions;
}

export class MotoNotAllowedError extends Error {
  override readonly name = 'MotoNotAllowedError';
  constructor(readonly configured: boolean) {
    super(
      configured
        ? 'a MOTO session is for your agents only, and this caller is not one'
        : 'MOTO sessions are refused: pass createCheckoutHandler({ authorizeMoto: (request) => … }) that ' +
            'answers true for your signed-in agents to allow them',
    );
  }
}

export class VerificationError extends Error {
  override readonly name = 'VerificationError';
  constructor() {
    super('the bot check did not pass; complete it and pay again');
  }
}

const isLimits = (limits: GateOptions['limits']): limits is VelocityLimits =>
  typeof (limits as VelocityLimits | undefined)?.admit === 'function';

export function createGate(options: GateOptions & { now?: () => number }) {
  const limits = isLimits(options.limits)
    ? options.limits
    : createVelocityLimits({ ...(options.now ? { now: options.now } : {}), ...options.limits });
  return {
    limits,
    /** Before anything else: a MOTO session from anyone but an agent is refused. */
    async checkMoto(request: Request, config: CheckoutConfig): Promise<void> {
      if (!config.moto) return;
      if (!options.authorizeMoto) throw new MotoNotAllowedError(false);
      if (!(await options.authorizeMoto(request))) throw new MotoNotAllowedError(true);
    },
    /** Right before a new order is created (never for a replay of one already made). */
    async admit(request: Request, token: string | undefined, clients: Clients, moto: boolean): Promise<void> {
      if (options.verify && !(await options.verify(request, token))) throw new VerificationError();
      await limits.admit(clients, moto);
    },
  };
}

/** The answer to a gate's refusal; undefined for any other error. */
export function gateRefusal(error: unknown): Response | undefined {
  if (error instanceof MotoNotAllowedError) return fail(403, 'moto_not_allowed', error.message);
  if (error instanceof VerificationError) return fail(403, 'verification_failed', error.message);
  if (error instanceof VelocityLimitError) {
    const { retryAfterMs, rule } = error;
    const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
    const minutes = Math.ceil(seconds / 60);
    return fail(
      429,
      'rate_limited',
      `too many attempts (${rule}); try again in ${minutes} minute${minutes === 1 ? '' : 's'}`,
      undefined,
      { 'Retry-After': String(seconds) },
    );
  }
  return undefined;
}

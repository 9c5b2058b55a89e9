import type { KeptAttempt, Stored } from './attempt-resume.ts';

// The check of an attempt record a checkout finds kept (`AttemptResume`): only a page that had a
// payment under way has one, so it loads on demand with the rarer outcomes' part.

/** How long a reloaded page still picks up an attempt: past it, the page is a new visit. */
const KEEP_MS = 60 * 60 * 1000;

/**
 * The attempt a stored record (`raw`) lets `checkout` pick up in the document `page`, and when it
 * was paid; null for a record to drop: damaged, over an hour old, another checkout's, or written by
 * another document that is not a reload (or back/forward) of this same address.
 */
export function keptAttempt(
  raw: string,
  checkout: string,
  page: number,
): { record: KeptAttempt; savedAt: number } | null {
  let stored: Partial<Stored> | null = null;
  try {
    stored = JSON.parse(raw) as Partial<Stored> | null;
  } catch {
    stored = null;
  }
  const session = stored?.session;
  if (
    !stored ||
    // A missing or damaged time counts as too old.
    !(Date.now() - (stored.savedAt as number) <= KEEP_MS) ||
    stored.checkout !== checkout ||
    (stored.page !== page && !reloadedHere()) ||
    typeof session?.status_url !== 'string' ||
    typeof session.order_id !== 'string' ||
    typeof session.api_do_url !== 'string'
  )
    return null;
  return {
    record: {
      session,
      ...(typeof stored.challengeUrl === 'string' ? { challengeUrl: stored.challengeUrl } : {}),
      ...(stored.cardSaved === true ? { cardSaved: true } : {}),
    },
    savedAt: stored.savedAt as number,
  };
}

/**
 * Whether this document is the same page come back: reloaded, or reached by back/forward, at the
 * address it shows now. A page reached by a link, or a single-page app that has routed elsewhere
 * since it loaded, is a new visit. A browser that cannot tell: a reload is the likelier reason.
 */
function reloadedHere(): boolean {
  const entry = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  return (
    !entry ||
    (/^(reload|back_forward)$/.test(entry.type) && entry.name.split('#')[0] === location.href.split('#')[0])
  );
}

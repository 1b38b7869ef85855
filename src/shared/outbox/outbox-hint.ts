// A tiny start-up hint in localStorage: which kinds of job of the outbox still wait to be sent, and how
// many of each. The app's entry reads it on every page load and loads the outbox (Dexie, the backend)
// only when something waits, and only the senders of the kinds that wait (decision 0090): marketing
// pages stay small for every visitor with an empty outbox, and a door whose arrivals wait does not load
// the parents' senders. The tab's outbox (shared-outbox.ts) is its one writer.

export const JOBS_HINT_KEY = 'sunbeam.jobs.pending'

/** Jobs waiting, per kind (none: the hint goes). */
export function writeJobsHint(waiting: Readonly<Record<string, number>>): void {
  try {
    const kinds = Object.fromEntries(Object.entries(waiting).filter(([, count]) => count > 0))
    if (Object.keys(kinds).length > 0) localStorage.setItem(JOBS_HINT_KEY, JSON.stringify(kinds))
    else localStorage.removeItem(JOBS_HINT_KEY)
  } catch {
    // No storage (private mode, quota): the outbox then starts when a feature needs it.
  }
}

/**
 * The kinds whose jobs wait, as the hint says; 'any' when it cannot say which (an earlier version wrote
 * a count alone): every sender then starts, as it did.
 */
export function waitingJobKinds(): ReadonlySet<string> | 'any' {
  try {
    const value = localStorage.getItem(JOBS_HINT_KEY)
    if (value === null) return new Set()
    const kinds: unknown = JSON.parse(value)
    if (typeof kinds !== 'object' || kinds === null || Array.isArray(kinds)) return 'any'
    return new Set(Object.keys(kinds))
  } catch {
    return 'any'
  }
}

/** Whether `key` holds a hint (its writers remove it when nothing waits): the app's entry asks on every load. */
export function hinted(key: string): boolean {
  try {
    return localStorage.getItem(key) !== null
  } catch {
    return false
  }
}

// A tiny start-up hint in localStorage: how many jobs of the outbox still wait to be sent. The app's
// entry reads it on every page load and loads the outbox (Dexie, the backend) only when something
// waits, so marketing pages stay small for every visitor with an empty outbox. The tab's outbox
// (shared-outbox.ts) is its one writer.

export const JOBS_HINT_KEY = 'sunbeam.jobs.pending'

export function writeJobsHint(count: number): void {
  try {
    if (count > 0) localStorage.setItem(JOBS_HINT_KEY, String(count))
    else localStorage.removeItem(JOBS_HINT_KEY)
  } catch {
    // No storage (private mode, quota): the outbox then starts when a feature needs it.
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

// A tiny start-up hint, kept in localStorage whenever the outbox changes: how many submissions still
// wait to be sent. main.tsx reads it on every page load; only when something waits does it download the
// sender (Dexie and Firebase), so marketing pages stay small for every visitor with an empty outbox.

export const OUTBOX_HINT_KEY = 'sunbeam.outbox.pending'

export function writeOutboxHint(count: number): void {
  try {
    if (count > 0) localStorage.setItem(OUTBOX_HINT_KEY, String(count))
    else localStorage.removeItem(OUTBOX_HINT_KEY)
  } catch {
    // No storage (private mode, quota): the sender then starts when a parent-area screen opens.
  }
}

export function readOutboxHint(): number {
  try {
    const count = Number(localStorage.getItem(OUTBOX_HINT_KEY) ?? '0')
    return Number.isFinite(count) && count > 0 ? count : 0
  } catch {
    return 0
  }
}

/** Starts the outbox sender at start-up, but only if a submission is waiting. */
export function startOutboxIfPending(): void {
  if (readOutboxHint() === 0) return
  void import('./outbox-runtime').then((runtime) => runtime.startOutbox())
}

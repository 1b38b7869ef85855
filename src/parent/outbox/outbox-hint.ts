// A tiny start-up hint in localStorage: how many submissions still wait to be sent. The app's entry
// reads it on every page load and downloads the sender (Dexie and Firebase) only when something waits,
// so marketing pages stay small for every visitor with an empty outbox. The outbox runtime is the one
// writer (it follows the outbox's count).

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

// Work that must run in one tab at a time: the browser's Web Locks where it has them (every open tab of
// the app shares them); where it has none, the work runs at once, with no exclusion across tabs.

/** Runs `work` exclusively under `name` (across the tabs of this browser where it has Web Locks). */
export type LockFn = (name: string, signal: AbortSignal, work: () => Promise<void>) => Promise<void>

/** Web Locks where they exist; a wait given up through `signal` ends quietly. */
export const webLock: LockFn = async (name, signal, work) => {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined
  if (!locks) return work()
  try {
    await locks.request(name, { signal }, work)
  } catch (error) {
    if (!signal.aborted) throw error // given up waiting for the lock (signing out): nothing to do
  }
}

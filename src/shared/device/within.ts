// A bound on a wait on the device itself (IndexedDB, Cache Storage): they answer in milliseconds, but a
// database held by another tab's upgrade, or a wedged store, can leave a promise pending for ever, and a
// parent's screen must never hang on one (docs/decisions/0016-open-from-what-the-device-knows.md).

export class TookTooLongError extends Error {
  constructor(what: string, ms: number) {
    super(`${what} did not answer within ${ms} ms`)
    this.name = 'TookTooLongError'
  }
}

/**
 * Resolves as `work` does, or rejects with TookTooLongError after `ms`. A result that arrives after that
 * goes to `late` (to close what was opened), never to the caller.
 */
export function within<T>(work: Promise<T>, ms: number, what: string, late?: (value: T) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let done = false
    const timer = setTimeout(() => {
      done = true
      reject(new TookTooLongError(what, ms))
    }, ms)
    work.then(
      (value) => {
        if (done) late?.(value)
        else {
          done = true
          clearTimeout(timer)
          resolve(value)
        }
      },
      (error: unknown) => {
        if (done) return
        done = true
        clearTimeout(timer)
        reject(error)
      },
    )
  })
}

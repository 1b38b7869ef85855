/** A load shared by every caller while it runs and after it succeeds; a failed one runs again next time. */
export interface Once<T> {
  (): Promise<T>
  /** What the load gave, once it has succeeded (null before). */
  readonly value: T | null
}

/**
 * `load` run once for every caller: the backend, the outbox and the areas' code are each loaded on first
 * need. A failure (a chunk that could not be fetched offline, a first visit) is not kept: the next call
 * tries again.
 */
export function once<T>(load: () => Promise<T>): Once<T> {
  let running: Promise<T> | null = null
  let value: T | null = null
  const get = () => {
    if (!running) {
      const attempt = load().then((loaded) => {
        value = loaded
        return loaded
      })
      running = attempt
      attempt.catch(() => {
        if (running === attempt) running = null
      })
    }
    return running
  }
  return Object.defineProperty(get, 'value', { get: () => value }) as Once<T>
}

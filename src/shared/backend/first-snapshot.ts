/** A watch in the ports' shape: calls back with each snapshot or an error; returns its stop function. */
export type Watch<T> = (onValue: (value: T) => void, onError: (error: unknown) => void) => () => void

/**
 * The first snapshot a watch delivers, or `fallback` on an error or after `ms`; the watch is stopped
 * either way. Firestore may wait long for an unreachable server before it answers from its cache:
 * whoever needs an answer now bounds the wait with this.
 */
export function firstSnapshot<T>(watch: Watch<T>, ms: number, fallback: T): Promise<T> {
  return new Promise((resolve) => {
    let done = false
    let stop: (() => void) | null = null
    const finish = (value: T) => {
      if (done) return
      done = true
      clearTimeout(timer)
      stop?.()
      resolve(value)
    }
    const timer = setTimeout(() => finish(fallback), ms)
    stop = watch(finish, () => finish(fallback))
    // A watch may answer before it has returned its stop function.
    if (done) stop()
  })
}

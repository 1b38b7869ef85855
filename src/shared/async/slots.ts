// A counting semaphore: at most `size` tasks run at once, the others wait their turn in order. A waiting
// turn is given up when its signal fires (the task never starts); a running task is the caller's to
// stop with the same signal.

export class Slots {
  private free: number
  private readonly waiting: (() => void)[] = []

  constructor(size: number) {
    this.free = size
  }

  /** Runs `task` when a slot is free. Rejects with `stopped()` if `signal` fires while it waits. */
  async run<T>(signal: AbortSignal, task: () => Promise<T>, stopped: () => Error): Promise<T> {
    if (this.free > 0) this.free -= 1
    else
      await new Promise<void>((resolve, reject) => {
        const turn = () => {
          signal.removeEventListener('abort', giveUp)
          resolve()
        }
        const giveUp = () => {
          this.waiting.splice(this.waiting.indexOf(turn), 1)
          reject(stopped())
        }
        this.waiting.push(turn)
        signal.addEventListener('abort', giveUp, { once: true })
      })
    try {
      return await task()
    } finally {
      const next = this.waiting.shift()
      if (next) next()
      else this.free += 1
    }
  }
}

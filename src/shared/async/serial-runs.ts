// One run per key at a time. Asked again while a run is under way, the run goes once more before it
// ends (so a change made meanwhile is never missed), instead of a second run beside it.

export class SerialRuns {
  private readonly runs = new Map<string, { again: boolean }>()

  /**
   * Runs `work` under `key`, then again as long as it was asked again meanwhile and `goOn()` holds.
   * Returns the run, or null when one is under way already (it was asked to go once more).
   */
  start(key: string, work: () => Promise<void>, goOn: () => boolean): Promise<void> | null {
    const running = this.runs.get(key)
    if (running) {
      running.again = true
      return null
    }
    const run = { again: false }
    this.runs.set(key, run)
    const loop = async () => {
      do {
        run.again = false
        await work()
      } while (run.again && goOn())
    }
    return loop().finally(() => {
      if (this.runs.get(key) === run) this.runs.delete(key)
    })
  }
}

import { existsSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { signalGroup, spawnGroup, stopGroupWithThisProcess } from './process-group.mjs'

const alive = (pid: number) => existsSync(`/proc/${pid}`)

async function until(check: () => boolean, ms = 5_000) {
  const end = Date.now() + ms
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

// Read through /proc: Linux only (CI's and this project's machines).
describe.skipIf(process.platform !== 'linux')('a process group', () => {
  it('is stopped whole, a grandchild that ignores its parent included', async () => {
    // A shell (the CLI) with a background child of its own (a JVM), which prints its pid.
    const child = spawnGroup('sh', ['-c', 'sleep 30 & echo $!; wait'], {
      stdio: ['ignore', 'pipe', 'ignore'],
    })
    const grandchild = await new Promise<number>((resolve) =>
      child.stdout?.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim()))),
    )
    expect(alive(grandchild)).toBe(true)
    const exited = new Promise((resolve) => child.once('exit', resolve))
    signalGroup(child, 'SIGTERM')
    await exited
    await until(() => !alive(grandchild))
    expect(alive(grandchild)).toBe(false)
    // Signalling a group that is gone is quiet.
    expect(() => signalGroup(child, 'SIGKILL')).not.toThrow()
  })

  it('kills, once the leader is gone, a process that left the group for a session of its own', async () => {
    // As the Firestore emulator's JVM does: `setsid`, so a signal to the group no longer reaches it.
    const child = spawnGroup('sh', ['-c', 'setsid sleep 30 & echo $!; sleep 1'], {
      stdio: ['ignore', 'pipe', 'ignore'],
    })
    // No signal handlers in the test's own process (signals: []): only the leader's exit.
    const stop = stopGroupWithThisProcess(child, { pollMs: 50, signals: [] })
    const escaped = await new Promise<number>((resolve) =>
      child.stdout?.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim()))),
    )
    expect(alive(escaped)).toBe(true)
    await stop.done
    await until(() => !alive(escaped))
    expect(alive(escaped)).toBe(false)
  })
})

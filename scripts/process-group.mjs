// The emulators run as a process group of their own: firebase-tools (through npx and a shell) starts a
// JVM and function workers that a signal to the CLI alone does not always reach (npx did not pass a
// SIGINT on), and a JVM left running holds its port for the next start. Whoever starts them stops the
// whole group, on any signal, and kills whatever of it is left.
import { spawn } from 'node:child_process'

/** Starts `command` as the leader of a new process group (its children join it). */
export function spawnGroup(command, args, options = {}) {
  return spawn(command, args, { ...options, detached: true })
}

/** Sends `signal` to every process of the group `child` leads; quiet when they are gone. */
export function signalGroup(child, signal) {
  try {
    if (child.pid) process.kill(-child.pid, signal)
  } catch {
    // Already gone.
  }
}

/**
 * On SIGINT, SIGTERM or SIGHUP, asks the group to stop as Ctrl+C would (SIGINT: firebase-tools saves
 * its data and stops its JVMs), and kills what is left of it after `graceMs`; a second signal kills at
 * once. When the group's leader exits, the rest of the group is killed: a JVM may outlive the CLI.
 * @returns whether a stop was asked for (for the exit code).
 */
export function stopGroupWithThisProcess(child, { graceMs = 20_000, onStop = () => {} } = {}) {
  const state = { stopping: false }
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => {
      if (state.stopping) return signalGroup(child, 'SIGKILL')
      state.stopping = true
      onStop()
      signalGroup(child, 'SIGINT')
      setTimeout(() => signalGroup(child, 'SIGKILL'), graceMs).unref()
    })
  }
  child.on('exit', () => signalGroup(child, 'SIGKILL'))
  return state
}

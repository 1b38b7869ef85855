// The emulators run as a process group of their own: firebase-tools (through npx and a shell) starts a
// JVM and function workers that a signal to the CLI alone does not always reach (npx did not pass a
// SIGINT on), and a JVM left running holds its port for the next start. Whoever starts them stops the
// whole group, on any signal, and kills whatever of it is left.
import { spawn } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'

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
 * The processes descended from `rootPid` now, as { pid, start } (start: the kernel's start time, so a pid
 * used again later is not taken for one of them). Read from /proc: Linux only; elsewhere none.
 */
export function descendantsOf(rootPid, procDir = '/proc') {
  const parents = new Map()
  let names = []
  try {
    names = readdirSync(procDir).filter((name) => /^\d+$/.test(name))
  } catch {
    return []
  }
  for (const name of names) {
    const stat = processStat(Number(name), procDir)
    if (stat) parents.set(Number(name), stat)
  }
  const found = []
  const wanted = new Set([rootPid])
  // Parents before children is not guaranteed by pid order: repeat until nothing new joins.
  for (let grew = true; grew; ) {
    grew = false
    for (const [pid, stat] of parents)
      if (!wanted.has(pid) && wanted.has(stat.ppid)) {
        wanted.add(pid)
        found.push({ pid, start: stat.start })
        grew = true
      }
  }
  return found
}

/** A process's parent and start time (/proc/PID/stat), or null once it is gone. */
function processStat(pid, procDir = '/proc') {
  try {
    const stat = readFileSync(`${procDir}/${pid}/stat`, 'utf8')
    // The command name (field 2) may hold spaces and parentheses: the fields after its last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return { ppid: Number(fields[1]), start: fields[19] ?? '', state: fields[0] }
  } catch {
    return null
  }
}

/** True while the process `{ pid, start }` runs (the same one: not a pid used again; not a zombie). */
export function stillRunning({ pid, start }, procDir = '/proc') {
  const stat = processStat(pid, procDir)
  return stat !== null && stat.start === start && stat.state !== 'Z'
}

const isCli = (pid) => {
  try {
    return /firebase(?:-tools\/lib\/bin\/firebase\.js|\.js)?\s+emulators:start/.test(
      readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' '),
    )
  } catch {
    return false
  }
}

/**
 * On SIGINT, SIGTERM or SIGHUP, asks the group to stop as Ctrl+C would (SIGINT: firebase-tools saves
 * its data, however long that takes, and stops its JVMs); a second signal kills at once. Every process
 * the group starts is followed (descendantsOf, twice a second), those that leave the group too: the
 * Firestore emulator's JVM runs in a session of its own, and outlived the CLI (issue 53, port 8080
 * held a minute later). Once the group's leader has exited and the CLI (which saves the data) is gone,
 * whatever is left of them is killed; `done` resolves when none is left.
 * @returns whether a stop was asked for (for the exit code), and `done`.
 */
export function stopGroupWithThisProcess(
  child,
  { onStop = () => {}, pollMs = 500, signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] } = {},
) {
  const followed = new Map()
  const follow = () => {
    if (!child.pid) return
    for (const found of descendantsOf(child.pid)) followed.set(found.pid, found)
  }
  follow()
  const timer = setInterval(follow, pollMs)
  timer.unref()
  const left = () => [...followed.values()].filter((found) => stillRunning(found))
  const killAll = () => {
    signalGroup(child, 'SIGKILL')
    for (const { pid } of left()) {
      try {
        process.kill(pid, 'SIGKILL')
      } catch {
        // Gone meanwhile.
      }
    }
  }
  const state = { stopping: false, done: Promise.resolve() }
  for (const signal of signals) {
    process.on(signal, () => {
      if (state.stopping) return killAll()
      state.stopping = true
      follow()
      onStop()
      signalGroup(child, 'SIGINT')
    })
  }
  state.done = new Promise((resolve) => {
    child.once('exit', async () => {
      follow()
      const wait = () => new Promise((next) => setTimeout(next, 100))
      // The leader (npx) may go first: the CLI is still saving the data. Wait for it, however long.
      while (left().some(({ pid }) => isCli(pid))) await wait()
      clearInterval(timer)
      killAll()
      for (let tries = 0; left().length > 0 && tries < 50; tries += 1) await wait()
      resolve(undefined)
    })
  })
  return state
}

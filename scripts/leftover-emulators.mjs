// Emulators an earlier `npm start` may have left running (a JVM still holding Firestore's port after
// the script was killed), found by their command lines in /proc, so a new start can name them and say
// how to stop them. Linux only; elsewhere it finds nothing and the start says the ports are taken.
import { readdirSync, readFileSync } from 'node:fs'

/** What a process's command line says it is, if it is one of ours: a Firestore emulator or the CLI. */
export function emulatorKind(commandLine) {
  if (
    /cloud-firestore-emulator|firestore-emulator-launcher|cloud-firestore-emulator-v[\d.]+\.jar/.test(
      commandLine,
    )
  )
    return 'the Firestore emulator'
  if (/firebase(?:-tools\/lib\/bin\/firebase\.js|\.js)?\s+emulators:start/.test(commandLine))
    return 'the Firebase emulators'
  return null
}

/** The processes of this machine that are emulators of ours: { pid, kind }, oldest first. */
export function leftoverEmulators(procDir = '/proc', self = process.pid) {
  let pids = []
  try {
    pids = readdirSync(procDir).filter((name) => /^\d+$/.test(name))
  } catch {
    return []
  }
  const found = []
  for (const pid of pids.map(Number).sort((a, b) => a - b)) {
    if (pid === self) continue
    let commandLine = ''
    try {
      commandLine = readFileSync(`${procDir}/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ')
    } catch {
      continue
    }
    const kind = emulatorKind(commandLine)
    if (kind) found.push({ pid, kind })
  }
  return found
}

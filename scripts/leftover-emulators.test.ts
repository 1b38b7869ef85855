// @vitest-environment node
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { emulatorKind, leftoverEmulators } from './leftover-emulators.mjs'

let dir = ''
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true })
})

describe('leftoverEmulators', () => {
  it('names the Firestore JVM and the emulators CLI an earlier start left, and nothing else', async () => {
    dir = await mkdtemp(join(tmpdir(), 'proc-'))
    const processes: Record<string, string> = {
      '12': 'java\0-Dgoogle.cloud_firestore.debug_log_level=FINE\0-jar\0/x/node_modules/.cache/sunbeam/firestore-emulator-launcher.jar\0--port=8080',
      '7': 'node\0/x/node_modules/.bin/firebase\0emulators:start\0--only\0auth,firestore,hosting',
      '30': 'node\0scripts/start.mjs',
      '31': 'java\0-jar\0some-other.jar',
      self: 'ignored',
    }
    for (const [pid, commandLine] of Object.entries(processes)) {
      await mkdir(join(dir, pid))
      await writeFile(join(dir, pid, 'cmdline'), commandLine)
    }
    expect(leftoverEmulators(dir, 30)).toEqual([
      { pid: 7, kind: 'the Firebase emulators' },
      { pid: 12, kind: 'the Firestore emulator' },
    ])
  })

  it('tells the CLI and the JVM apart, and finds nothing where there is no /proc', () => {
    expect(emulatorKind('npx firebase emulators:start --only auth')).toBe('the Firebase emulators')
    expect(emulatorKind('java -cp cloud-firestore-emulator.jar com.google.Main')).toBe(
      'the Firestore emulator',
    )
    expect(emulatorKind('vim firebase.json')).toBeNull()
    expect(leftoverEmulators('/no/such/proc')).toEqual([])
  })
})

// What every rules test file sets up the same way: one rules-unit-testing environment per file, on the
// emulator that scripts/test-emulators.mjs started, with this repository's rules, emptied before each
// test and cleaned up after the file.
import { readFileSync } from 'node:fs'
import {
  initializeTestEnvironment,
  type RulesTestContext,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing'
import type { Firestore } from 'firebase/firestore'
import { afterAll, beforeAll, beforeEach } from 'vitest'

/** The file's environment, available inside its tests (after beforeAll). */
export interface RulesEnvironment {
  readonly env: RulesTestEnvironment
}

/** Registers the file's hooks: `firestore.rules` (or `storage.rules`) on a project of the file's own. */
export function useRulesEnvironment(projectId: string, service: 'firestore' | 'storage'): RulesEnvironment {
  let env: RulesTestEnvironment | null = null
  beforeAll(async () => {
    const rules = readFileSync(service === 'firestore' ? 'firestore.rules' : 'storage.rules', 'utf8')
    env = await initializeTestEnvironment({ projectId, [service]: { rules } })
  })
  beforeEach(async () => {
    if (service === 'firestore') await env?.clearFirestore()
    else await env?.clearStorage()
  })
  afterAll(async () => {
    await env?.cleanup()
  })
  return {
    get env() {
      if (!env) throw new Error('The rules environment exists only inside the tests')
      return env
    },
  }
}

/** rules-unit-testing hands out the compat Firestore; the modular functions unwrap it (as its docs show). */
export const firestoreOf = (context: RulesTestContext) => context.firestore() as unknown as Firestore

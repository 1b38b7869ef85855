// The online world's Functions emulator (scripts/online-emulators.mjs), seen from a test: deletions made
// past the app (Auth's and Firestore's REST APIs, as the console or the Admin SDK make them), and the
// Storage deletes the functions asked for, read from the logged bucket's file
// (functions/src/logged-bucket.ts: the Storage emulator cannot run here).
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { ONLINE_AUTH_PORT, ONLINE_FIRESTORE_PORT } from './online-world'

const PROJECT = 'demo-sunbeam'
const owner = { Authorization: 'Bearer owner', 'content-type': 'application/json' }

/** The logged bucket's file: scripts/online-emulators.mjs's default for this Firestore port. */
export const STORAGE_LOG = path.resolve(
  process.env.SUNBEAM_STORAGE_LOG ?? `test-results/storage-deletes-${ONLINE_FIRESTORE_PORT}.jsonl`,
)

export interface LoggedStorageCall {
  readonly op: 'delete' | 'deleteFolder' | 'makePrivate'
  readonly path: string
  readonly at: number
}

/** Every Storage call the functions made so far (shared by the run: filter by path). */
export function storageCalls(): LoggedStorageCall[] {
  if (!existsSync(STORAGE_LOG)) return []
  return readFileSync(STORAGE_LOG, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as LoggedStorageCall)
}

/** Deletes an account as the console or the Admin SDK would: the Auth emulator's REST API. */
export async function deleteAccountOnServer(uid: string): Promise<void> {
  const response = await fetch(
    `http://127.0.0.1:${ONLINE_AUTH_PORT}/identitytoolkit.googleapis.com/v1/projects/${PROJECT}/accounts:delete`,
    { method: 'POST', headers: owner, body: JSON.stringify({ localId: uid }) },
  )
  if (!response.ok) throw new Error(`accounts:delete: ${response.status} ${await response.text()}`)
}

/** Deletes a document as the console would: the Firestore emulator's REST API, past the rules. */
export async function deleteServerDocument(docPath: string): Promise<void> {
  const url = `http://127.0.0.1:${ONLINE_FIRESTORE_PORT}/v1/projects/${PROJECT}/databases/(default)/documents/${docPath}`
  const response = await fetch(url, { method: 'DELETE', headers: owner })
  if (!response.ok) throw new Error(`DELETE ${docPath}: ${response.status} ${await response.text()}`)
}

// What the staff benchmarks (centre-lists.bench.ts, today.bench.ts) write into the emulators, as their
// owner: documents in batches of 500 through Firestore's REST commit, and a member of staff (a verified
// account with the claim) through the Auth emulator. The ports are the browser suite's
// (E2E_FIRESTORE_PORT, E2E_AUTH_PORT), as the build the benchmarks open was made for.
import { ONLINE_AUTH_PORT, ONLINE_FIRESTORE_PORT } from '../e2e/online-world'

const AUTH = `http://127.0.0.1:${ONLINE_AUTH_PORT}`
export const DOCUMENTS = `http://127.0.0.1:${ONLINE_FIRESTORE_PORT}/v1/projects/demo-sunbeam/databases/(default)/documents`
export const owner = { Authorization: 'Bearer owner', 'content-type': 'application/json' }
/** A document's name in a commit's writes. */
export const base = `projects/demo-sunbeam/databases/(default)/documents`

export const text = (value: string) => ({ stringValue: value })
export const time = (ms: number) => ({ timestampValue: new Date(ms).toISOString() })
/** An id of 20 letters and digits, as the app makes them. */
export const id = (prefix: string, n: number) => `${prefix}${String(n).padStart(20 - prefix.length, '0')}`

export async function commit(writes: object[]) {
  for (let at = 0; at < writes.length; at += 500) {
    const response = await fetch(`${DOCUMENTS}:commit`, {
      method: 'POST',
      headers: owner,
      body: JSON.stringify({ writes: writes.slice(at, at + 500) }),
    })
    if (!response.ok) throw new Error(`commit: ${response.status} ${await response.text()}`)
  }
}

/** A member of staff: an account with a verified e-mail and the claim, made through the Auth emulator. */
export async function staffAccount(email: string, password: string): Promise<string> {
  const signUp = await fetch(`${AUTH}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=fake-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  })
  const { localId } = (await signUp.json()) as { localId: string }
  const update = await fetch(
    `${AUTH}/identitytoolkit.googleapis.com/v1/projects/demo-sunbeam/accounts:update`,
    {
      method: 'POST',
      headers: owner,
      body: JSON.stringify({
        localId,
        emailVerified: true,
        customAttributes: JSON.stringify({ staff: true }),
      }),
    },
  )
  if (!update.ok) throw new Error(`accounts:update: ${update.status} ${await update.text()}`)
  return localId
}

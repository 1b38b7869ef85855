// AccountDataPort on Firestore's REST API, with the parent's ID token: what the server holds for the
// parent, read and deleted with the server's own answer. The SDK's writes go through its offline queue
// and resolve only when the server answers, which 'Delete my account' cannot wait on for ever; a REST
// call answers now, or fails now, so the screen can say exactly what is left
// (docs/decisions/0012-download-and-delete-my-data.md). The security rules apply as for the SDK.
import type { AccountDataPort } from '#shared/backend/backend-ports'
import { BackendError } from '#shared/backend/kids-ports'
import { parseStoredKid, type StoredKid } from '#shared/records/kid-record'
import type { FirebaseServices } from './firebase-app'
import { emulatorHost, emulatorPorts, firebaseOptions, useEmulators } from './firebase-config'

/** A value in Firestore's REST encoding. */
type RestValue = {
  readonly stringValue?: string
  readonly booleanValue?: boolean
  readonly integerValue?: string
  readonly doubleValue?: number
  readonly timestampValue?: string
  readonly nullValue?: null
  readonly arrayValue?: { readonly values?: readonly RestValue[] }
  readonly mapValue?: { readonly fields?: Readonly<Record<string, RestValue>> }
}

interface RestDocument {
  readonly name: string
  readonly fields?: Readonly<Record<string, RestValue>>
}

function plain(value: RestValue): unknown {
  if (value.arrayValue) return (value.arrayValue.values ?? []).map(plain)
  if (value.mapValue)
    return Object.fromEntries(Object.entries(value.mapValue.fields ?? {}).map(([k, v]) => [k, plain(v)]))
  if (value.integerValue !== undefined) return Number(value.integerValue)
  return value.stringValue ?? value.booleanValue ?? value.doubleValue ?? value.timestampValue ?? null
}

function documentsUrl(): string {
  const project = firebaseOptions.projectId ?? ''
  const origin = useEmulators
    ? `http://${emulatorHost}:${emulatorPorts.firestore}`
    : 'https://firestore.googleapis.com'
  return `${origin}/v1/projects/${project}/databases/(default)/documents`
}

export function createFirebaseAccountData({ auth }: FirebaseServices): AccountDataPort {
  async function call(url: string, init: RequestInit): Promise<Response> {
    const user = auth.currentUser
    if (!user) throw new BackendError('Not signed in', { permanent: true, code: 'unauthenticated' })
    let response: Response
    try {
      response = await fetch(url, {
        ...init,
        headers: { ...init.headers, Authorization: `Bearer ${await user.getIdToken()}` },
      })
    } catch (error) {
      throw new BackendError('The server could not be reached', {
        permanent: false,
        code: 'unavailable',
        cause: error,
      })
    }
    if (response.ok) return response
    const permanent = response.status === 400 || response.status === 403
    throw new BackendError(`The server answered ${response.status}`, {
      permanent,
      code: permanent ? 'permission-denied' : 'unavailable',
    })
  }

  return {
    async listKids(userId) {
      const response = await call(`${documentsUrl()}:runQuery`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          structuredQuery: {
            from: [{ collectionId: 'kids' }],
            where: {
              fieldFilter: { field: { fieldPath: 'userRef' }, op: 'EQUAL', value: { stringValue: userId } },
            },
          },
        }),
      })
      const rows = (await response.json()) as readonly { readonly document?: RestDocument }[]
      return rows.flatMap(({ document }) => {
        if (!document) return []
        const data = Object.fromEntries(Object.entries(document.fields ?? {}).map(([k, v]) => [k, plain(v)]))
        const kid = parseStoredKid(document.name.split('/').pop() ?? '', data, null)
        return kid ? [kid] : ([] as StoredKid[])
      })
    },

    async deleteKid(kidId) {
      await call(`${documentsUrl()}/kids/${encodeURIComponent(kidId)}`, { method: 'DELETE' })
    },

    async deleteUserRecord(userId) {
      await call(`${documentsUrl()}/users/${encodeURIComponent(userId)}`, { method: 'DELETE' })
    },
  }
}

// Firestore's REST API answered by Playwright routes, for the offline world, where the Firestore server
// is unreachable on purpose: 'Download my data' and 'Delete my account' ask the server directly.
import type { BrowserContext, Page } from '@playwright/test'
import { tokenUid } from './id-token'
import { ONLINE_FIRESTORE_PORT } from './online-world'

// The port the suite's build names for Firestore (e2e/online-world.ts); in the offline world nothing
// else answers there.
const FIRESTORE_REST = `http://127.0.0.1:${ONLINE_FIRESTORE_PORT}/v1/projects/demo-sunbeam/databases/(default)/documents`

/** A document in Firestore's REST encoding (what runQuery answers with). */
export interface RestDocument {
  readonly fields: Record<string, unknown>
}

export interface FirestoreRestHarness {
  /** What the server holds, by document path below /documents/ ('kids/{id}', 'users/{uid}'). */
  readonly documents: Map<string, RestDocument>
  /** DELETEs the server received (document paths below /documents/). */
  readonly deletes: string[]
  /** Refuses every request as if the server could not be reached (or stops refusing). */
  refuse(refusing: boolean): void
}

/**
 * Answers Firestore's REST calls like a server holding `documents` (empty at first: in the suite the
 * SDK's writes wait in its queue). runQuery answers the kids whose userRef is the caller's uid; a DELETE
 * removes a document, and only its owner may make one, as firestore.rules says.
 */
export async function answerFirestoreRest(target: Page | BrowserContext): Promise<FirestoreRestHarness> {
  const documents = new Map<string, RestDocument>()
  const deletes: string[] = []
  let refusing = false
  const ownerOf = (path: string) => {
    if (path.startsWith('users/')) return path.slice('users/'.length)
    const userRef = documents.get(path)?.fields.userRef as { stringValue?: string } | undefined
    return userRef?.stringValue ?? null
  }
  await target.route(`${FIRESTORE_REST}**`, async (route) => {
    const request = route.request()
    const headers = {
      'access-control-allow-origin': request.headers().origin ?? '*',
      'access-control-allow-methods': 'GET, POST, DELETE, OPTIONS',
      'access-control-allow-headers': request.headers()['access-control-request-headers'] ?? '*',
    }
    if (request.method() === 'OPTIONS') return route.fulfill({ status: 204, headers })
    if (refusing) return route.abort('connectionrefused')
    const uid = tokenUid(request.headers().authorization)
    if (!uid) return route.fulfill({ status: 403, headers, body: '{}' })
    const json = (body: unknown) =>
      route.fulfill({
        status: 200,
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    const url = new URL(request.url())
    const path = decodeURIComponent(url.pathname.split('/documents')[1] ?? '').replace(/^\//, '')
    if (request.method() === 'DELETE') {
      const owner = ownerOf(path)
      if (owner !== null && owner !== uid) return route.fulfill({ status: 403, headers, body: '{}' })
      deletes.push(path)
      documents.delete(path)
      return json({})
    }
    if (url.pathname.endsWith(':runQuery')) {
      const mine = [...documents].filter(
        ([name, document]) =>
          name.startsWith('kids/') &&
          (document.fields.userRef as { stringValue?: string } | undefined)?.stringValue === uid,
      )
      const readTime = new Date().toISOString()
      if (mine.length === 0) return json([{ readTime }])
      return json(
        mine.map(([name, document]) => ({
          document: {
            name: `projects/demo-sunbeam/databases/(default)/documents/${name}`,
            fields: document.fields,
            createTime: readTime,
            updateTime: readTime,
          },
          readTime,
        })),
      )
    }
    return route.fulfill({ status: 404, headers, body: '{}' })
  })
  return {
    documents,
    deletes,
    refuse(next) {
      refusing = next
    },
  }
}

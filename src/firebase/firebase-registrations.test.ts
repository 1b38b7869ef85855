// The parent follows the centre's decision and their own reply as queries for that one document, by its
// id (registrationQuery, replyQuery): a document listener opened before staff create the decision, or
// before this device's reply reaches the server, missed it for good on the emulator (firebase-tools
// #3867). Firestore's listeners are replaced by recorders: each query is looked at as Firestore would run it.
import { initializeApp } from 'firebase/app'
import type { Auth } from 'firebase/auth'
import {
  type DocumentData,
  type Firestore,
  getFirestore,
  type Query,
  type QueryDocumentSnapshot,
} from 'firebase/firestore'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { Registration } from '#shared/records/registration-record'
import type { FirebaseServices } from './firebase-app'

interface Recorded {
  readonly target: Query
  readonly answer: (docs: readonly QueryDocumentSnapshot[]) => void
}
const recorded: Recorded[] = []

vi.mock('firebase/firestore', async (original) => {
  const actual = await original<typeof import('firebase/firestore')>()
  return {
    ...actual,
    onSnapshot: (target: Query, ...rest: unknown[]) => {
      const next = rest.find((arg) => typeof arg === 'function') as (snapshot: unknown) => void
      recorded.push({ target, answer: (docs) => next({ docs, metadata: { fromCache: false } }) })
      return () => {}
    },
  }
})

const { createFirebaseRegistrations } = await import('./firebase-registrations')

const db = getFirestore(initializeApp({ projectId: 'demo-sunbeam-registrations', apiKey: 'test' }, 'regs'))
const services = {
  listen: (start: (db: Firestore) => () => void) => start(db),
  db: async () => db,
  auth: { currentUser: { uid: 'parent-1' } } as unknown as Auth,
} as unknown as FirebaseServices

/** The collection a query reads and its filters, as Firestore would run it. */
function shapeOf(target: Query | undefined) {
  const inner = (target as unknown as { _query: { path: { segments: string[] }; filters: unknown[] } })._query
  return { type: target?.type, path: inner.path.segments.join('/'), filters: inner.filters.length }
}

function storedDoc(id: string, data: DocumentData): QueryDocumentSnapshot {
  return { id, data: () => data } as unknown as QueryDocumentSnapshot
}

describe("the parent's adapter follows one decision and one reply by id, as queries", () => {
  beforeEach(() => {
    recorded.length = 0
  })

  it("the centre's decision: none yet, then staff's first decision arrives", () => {
    const seen: (Registration | null | 'forbidden')[] = []
    createFirebaseRegistrations(services).watch('kid-a', (registration) => seen.push(registration))
    expect(shapeOf(recorded[0]?.target)).toEqual({ type: 'query', path: 'registrations', filters: 1 })
    recorded[0]?.answer([])
    expect(seen).toEqual([null])
    recorded[0]?.answer([storedDoc('kid-a', { state: 'waitlisted', startDate: null, decidedBy: 'staff-1' })])
    expect(seen.at(-1)).toMatchObject({ state: 'waitlisted' })
  })

  it("the parent's reply: none yet, then the one this device sent", () => {
    const seen: (string | null)[] = []
    createFirebaseRegistrations(services).watchReply('kid-a', 'offer-a', (reply) => seen.push(reply))
    expect(shapeOf(recorded[0]?.target)).toEqual({
      type: 'query',
      path: 'registrations/kid-a/replies',
      filters: 1,
    })
    recorded[0]?.answer([])
    recorded[0]?.answer([storedDoc('offer-a', { reply: 'accepted', answeredBy: 'parent-1' })])
    expect(seen).toEqual([null, 'accepted'])
  })
})

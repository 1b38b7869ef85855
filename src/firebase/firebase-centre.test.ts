// Every query the staff adapter sends asks for one page at most (STAFF_PAGE_SIZE, 50): the lists, 'Show
// more', the decisions of the children loaded; the counts are aggregations, which read no documents.
// Firestore's listeners are replaced by recorders: each query is looked at as Firestore would run it.
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
import { STAFF_PAGE_SIZE } from '#shared/backend/centre-ports'
import type { FirebaseServices } from './firebase-app'

interface Recorded {
  readonly kind: 'listen' | 'count'
  readonly query: Query
  readonly answer: (docs: readonly QueryDocumentSnapshot[]) => void
  /** The listener's error callback, as Firestore calls it when the server refuses the listener. */
  readonly fail?: (error: Error) => void
}
const recorded: Recorded[] = []
/** The databases Firestore was started for without a read (startFirestore). */
const started: Firestore[] = []

vi.mock('firebase/firestore', async (original) => {
  const actual = await original<typeof import('firebase/firestore')>()
  return {
    ...actual,
    onSnapshot: (query: Query, ...rest: unknown[]) => {
      const [next, fail] = rest.filter((arg) => typeof arg === 'function') as [
        (snapshot: unknown) => void,
        ((error: Error) => void) | undefined,
      ]
      recorded.push({
        kind: 'listen',
        query,
        // A query's snapshot has docs; a document's has data().
        answer: (docs) => next({ docs, data: () => docs[0]?.data(), metadata: { fromCache: false } }),
        fail,
      })
      return () => {}
    },
    // A cursor from a fake document: Firestore's own startAfter takes only its real snapshots, so the
    // page's cursor is its document id here (the limit is what is looked at).
    startAfter: (cursor: { id: string }) => actual.startAfter(cursor.id),
    getCountFromServer: async (query: Query) => {
      recorded.push({ kind: 'count', query, answer: () => {} })
      return { data: () => ({ count: 0 }) }
    },
    waitForPendingWrites: async (db: Firestore) => {
      started.push(db)
    },
  }
})

const { createFirebaseCentre } = await import('./firebase-centre')

/** What Firestore would run: the query's own limit (null: none). */
const limitOf = (query: Query) => (query as unknown as { _query: { limit: number | null } })._query.limit

/** A user whose held ID token carries these claims (only its payload is read). */
function userWithClaims(claims: Record<string, unknown>) {
  const payload = btoa(JSON.stringify(claims)).replace(/=+$/, '')
  return { uid: 'staff-1', toJSON: () => ({ stsTokenManager: { accessToken: `h.${payload}.s` } }) }
}

function services(db: Firestore, claims: Record<string, unknown> = { staff: true, email_verified: true }) {
  return {
    listen: (start: (db: Firestore) => () => void) => start(db),
    db: async () => db,
    auth: { currentUser: userWithClaims(claims) } as unknown as Auth,
  } as unknown as FirebaseServices
}

/** A page of fake documents (the adapter reads id, data() and uses the last as the next cursor). */
function fakeDocs(count: number, db: Firestore): QueryDocumentSnapshot[] {
  const actual = { id: '', data: (): DocumentData => ({}) }
  return Array.from({ length: count }, (_, n) => {
    const id = `doc${String(n).padStart(17, '0')}`
    return {
      ...actual,
      id,
      ref: { id, path: `kids/${id}`, firestore: db },
    } as unknown as QueryDocumentSnapshot
  })
}

describe('the staff adapter asks for 50 documents at most, whatever the lists hold', () => {
  const db = getFirestore(initializeApp({ projectId: 'demo-sunbeam-queries', apiKey: 'test' }, 'queries'))
  beforeEach(() => {
    recorded.length = 0
  })

  it('children and inquiries: each page, Show more included, one plan or all', async () => {
    const centre = createFirebaseCentre(services(db))
    const children = centre.watchChildren(
      { plan: 'all' },
      () => {},
      () => {},
    )
    const weekly = centre.watchChildren(
      { plan: 'Weekly' },
      () => {},
      () => {},
    )
    const inquiries = centre.watchInquiries(
      () => {},
      () => {},
    )
    expect(recorded).toHaveLength(3)
    // Full pages answered: Show more opens the next page of each, after the last one seen.
    for (const page of [...recorded]) page.answer(fakeDocs(STAFF_PAGE_SIZE, db))
    children.showMore()
    weekly.showMore()
    inquiries.showMore()
    expect(recorded).toHaveLength(6)
    for (const { query } of recorded) expect(limitOf(query)).toBe(STAFF_PAGE_SIZE)
    // A page that was not full: nothing more to ask for.
    recorded[3]?.answer(fakeDocs(10, db))
    children.showMore()
    expect(recorded).toHaveLength(6)
  })

  it("the decisions and parents' e-mails of 50 children: two queries of 30 and 20 ids each", () => {
    const centre = createFirebaseCentre(services(db))
    const ids = Array.from({ length: STAFF_PAGE_SIZE }, (_, n) => `kid${String(n).padStart(17, '0')}`)
    centre.watchRegistrations(
      ids,
      () => {},
      () => {},
    )
    centre.watchParentEmails(
      ids.map((id) => `parent-of-${id}`),
      () => {},
      () => {},
    )
    expect(recorded.map(({ query }) => limitOf(query))).toEqual([30, 30, 30, 30])
    for (const { query } of recorded) {
      const filters = (query as unknown as { _query: { filters: unknown[] } })._query.filters
      expect(filters).toHaveLength(1)
    }
  })

  it("each open offer's reply is followed as a query for its one document, never a document listener", () => {
    const centre = createFirebaseCentre(services(db))
    const seen: ReadonlyMap<string, string>[] = []
    centre.watchReplies(
      [{ kidId: 'kid-a', questionId: 'offer-a' }],
      (replies) => seen.push(replies),
      () => {},
    )
    // A listener on the reply's document, opened before the parent answers, can miss its creation on the
    // emulator (firebase-tools #3867); a query by its id does not (replyQuery).
    const [followed] = recorded
    if (!followed) throw new Error('No listener was opened')
    expect(followed.query.type).toBe('query')
    const inner = (
      followed.query as unknown as { _query: { filters: unknown[]; path: { segments: string[] } } }
    )._query
    expect(inner.path.segments).toEqual(['registrations', 'kid-a', 'replies'])
    expect(inner.filters).toHaveLength(1)
    const reply = {
      id: 'offer-a',
      data: (): DocumentData => ({ reply: 'accepted', answeredBy: 'parent-1' }),
    } as unknown as QueryDocumentSnapshot
    followed.answer([reply])
    expect(seen.at(-1)).toEqual(new Map([['kid-a', 'accepted']]))
    followed.answer([])
    expect(seen.at(-1)).toEqual(new Map())
  })

  it('the counts are aggregations on the server', async () => {
    const centre = createFirebaseCentre(services(db))
    await centre.countInquiries()
    await centre.countChildren({ plan: 'all' })
    expect(recorded.map(({ kind }) => kind)).toEqual(['count', 'count', 'count'])
  })
})

describe("the centre's own documents: a refused listener is opened again, after growing waits", () => {
  const db = getFirestore(initializeApp({ projectId: 'demo-sunbeam-retry', apiKey: 'test' }, 'retry'))
  const refused = () =>
    Object.assign(new Error('Missing or insufficient permissions.'), { code: 'permission-denied' })
  beforeEach(() => {
    recorded.length = 0
    vi.useFakeTimers()
    return () => vi.useRealTimers()
  })

  it('refused before Firestore took the fresh token up: asked again a moment later, and heard', async () => {
    const centre = createFirebaseCentre(services(db))
    const heard: number[] = []
    const errors: unknown[] = []
    centre.watchRetentionDays(
      (days) => heard.push(days),
      (error) => errors.push(error),
    )
    expect(recorded).toHaveLength(1)
    recorded[0]?.fail?.(refused())
    expect(errors).toEqual([])
    await vi.advanceTimersByTimeAsync(1000)
    expect(recorded).toHaveLength(2)
    const stored = { id: 'retention', data: () => ({ days: 400 }) } as unknown as QueryDocumentSnapshot
    recorded[1]?.answer([stored])
    expect(heard).toEqual([400])
  })

  it('refused on a busy device until the fourth try: heard, the caller told nothing', async () => {
    const centre = createFirebaseCentre(services(db))
    const heard: number[] = []
    const errors: unknown[] = []
    centre.watchRetentionDays(
      (days) => heard.push(days),
      (error) => errors.push(error),
    )
    for (const [index, wait] of [1000, 2000, 4000].entries()) {
      recorded[index]?.fail?.(refused())
      await vi.advanceTimersByTimeAsync(wait - 1)
      expect(recorded).toHaveLength(index + 1)
      await vi.advanceTimersByTimeAsync(1)
      expect(recorded).toHaveLength(index + 2)
    }
    const stored = { id: 'retention', data: () => ({ days: 400 }) } as unknown as QueryDocumentSnapshot
    recorded[3]?.answer([stored])
    expect(heard).toEqual([400])
    expect(errors).toEqual([])
  })

  it('refused after every wait (15 s), or for another reason: the caller hears it', async () => {
    const centre = createFirebaseCentre(services(db))
    const errors: unknown[] = []
    centre.watchMailChoices(
      () => {},
      (error) => errors.push(error),
    )
    for (const wait of [1000, 2000, 4000, 8000]) {
      recorded.at(-1)?.fail?.(refused())
      expect(errors).toEqual([])
      await vi.advanceTimersByTimeAsync(wait)
    }
    expect(recorded).toHaveLength(5)
    recorded[4]?.fail?.(refused())
    expect(errors).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(60_000)
    expect(recorded).toHaveLength(5)

    centre.watchInquiryQuota(
      () => {},
      (error) => errors.push(error),
    )
    recorded[5]?.fail?.(Object.assign(new Error('unavailable'), { code: 'unavailable' }))
    expect(errors).toHaveLength(2)
    await vi.advanceTimersByTimeAsync(20_000)
    expect(recorded).toHaveLength(6)
  })

  it('refused someone whose token does not say staff (a parent, an unverified e-mail): told at once', async () => {
    for (const claims of [{}, { staff: true, email_verified: false }]) {
      recorded.length = 0
      const centre = createFirebaseCentre(services(db, claims))
      const errors: unknown[] = []
      centre.watchRetentionDays(
        () => {},
        (error) => errors.push(error),
      )
      recorded[0]?.fail?.(refused())
      expect(errors).toHaveLength(1)
      await vi.advanceTimersByTimeAsync(20_000)
      expect(recorded).toHaveLength(1)
    }
  })
})

describe('the staff port, made on the sign-in form /centre sends staff to', () => {
  it('starts Firestore (its cache opened) and asks the server nothing', async () => {
    const db = getFirestore(initializeApp({ projectId: 'demo-sunbeam-start', apiKey: 'test' }, 'start'))
    recorded.length = 0
    started.length = 0
    createFirebaseCentre(services(db))
    await vi.waitFor(() => expect(started).toEqual([db]))
    expect(recorded).toEqual([])
  })
})

// A live list read a page at a time (the staff lists, docs/decisions/0026): page 1 is the query's first
// STAFF_PAGE_SIZE documents; 'Show more' opens a listener on the next page, after the last document of
// the page before. No listener ever asks for more than one page. A record that a newer one pushes off a
// page after 'Show more' may be missing until the list is opened again (the pages' cursors stay put).
import {
  type Firestore,
  limit,
  onSnapshot,
  type Query,
  type QueryDocumentSnapshot,
  query,
  startAfter,
} from 'firebase/firestore'
import { type Paged, type PagedWatch, STAFF_PAGE_SIZE } from '#shared/backend/centre-ports'
import type { FirebaseServices } from './firebase-app'

/** The query of one page: the base query's order, after a cursor, at most one page. */
export function pageQuery(base: Query, after: QueryDocumentSnapshot | null): Query {
  return after ? query(base, startAfter(after), limit(STAFF_PAGE_SIZE)) : query(base, limit(STAFF_PAGE_SIZE))
}

interface Page {
  docs: readonly QueryDocumentSnapshot[]
  fromCache: boolean
  answered: boolean
  stop: () => void
}

export function watchPaged<T>(
  services: FirebaseServices,
  base: (db: Firestore) => Query,
  parse: (snapshot: QueryDocumentSnapshot) => T | null,
  listener: (seen: Paged<T>) => void,
  onError: (error: unknown) => void,
): PagedWatch {
  const pages: Page[] = []
  let stopped = false

  function emit() {
    const ids = new Set<string>()
    const items: T[] = []
    for (const page of pages)
      for (const snapshot of page.docs) {
        if (ids.has(snapshot.id)) continue
        ids.add(snapshot.id)
        const item = parse(snapshot)
        if (item !== null) items.push(item)
      }
    const last = pages.at(-1)
    listener({
      items,
      fromCache: pages.some((page) => page.fromCache),
      more: last !== undefined && last.docs.length >= STAFF_PAGE_SIZE,
    })
  }

  function open(after: QueryDocumentSnapshot | null) {
    const page: Page = { docs: [], fromCache: true, answered: false, stop: () => {} }
    pages.push(page)
    page.stop = services.listen((db) =>
      onSnapshot(
        pageQuery(base(db), after),
        { includeMetadataChanges: true },
        (snapshot) => {
          page.docs = snapshot.docs
          page.fromCache = snapshot.metadata.fromCache
          page.answered = true
          emit()
        },
        onError,
      ),
    )
  }

  open(null)
  return {
    showMore() {
      const last = pages.at(-1)
      const cursor = last?.docs.at(-1)
      if (stopped || !last?.answered || !cursor || last.docs.length < STAFF_PAGE_SIZE) return
      open(cursor)
    },
    stop() {
      stopped = true
      for (const page of pages) page.stop()
    },
  }
}

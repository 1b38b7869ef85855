// One Firestore listener handed to several subscribers. Firestore started before Auth (firebase-app.ts)
// answers a listener from its cache at once; a listener started after Auth exists waits, like every
// other Firestore operation, until Auth has checked the session with the server. So the remembered
// parent's records are listened to before Auth is created, and the screens subscribe to that listener.
import { type FirestoreError, onSnapshot, type Query, type QuerySnapshot } from 'firebase/firestore'

type Next = (snapshot: QuerySnapshot) => void
type Fail = (error: FirestoreError) => void

export interface PrimedQuery {
  readonly userId: string
  /** Whether it still listens (an error or Firestore's termination ends it). */
  readonly live: boolean
  /** The latest snapshot, if any came yet. */
  readonly latest: QuerySnapshot | null
  /** Replays the latest snapshot, then every later one. */
  subscribe(next: Next, fail: Fail): () => void
  /** Resolves at the first snapshot (or error), or after `ms`. */
  ready(ms: number): Promise<void>
  stop(): void
}

export function primeQuery(target: Query, userId: string): PrimedQuery {
  const subscribers = new Set<{ next: Next; fail: Fail }>()
  const firstAnswer: (() => void)[] = []
  let latest: QuerySnapshot | null = null
  let failure: FirestoreError | null = null
  let live = true
  const answered = () => {
    for (const resolve of firstAnswer.splice(0)) resolve()
  }
  const unsubscribe = onSnapshot(
    target,
    { includeMetadataChanges: true },
    (snapshot) => {
      latest = snapshot
      answered()
      for (const { next } of subscribers) next(snapshot)
    },
    (error) => {
      live = false
      failure = error
      answered()
      for (const { fail } of subscribers) fail(error)
    },
  )
  return {
    userId,
    get live() {
      return live
    },
    get latest() {
      return latest
    },
    subscribe(next, fail) {
      const entry = { next, fail }
      subscribers.add(entry)
      if (latest) next(latest)
      if (failure) fail(failure)
      return () => subscribers.delete(entry)
    },
    ready(ms) {
      if (latest || failure) return Promise.resolve()
      return new Promise((resolve) => {
        const timer = setTimeout(resolve, ms)
        firstAnswer.push(() => {
          clearTimeout(timer)
          resolve()
        })
      })
    },
    stop() {
      live = false
      subscribers.clear()
      unsubscribe()
    },
  }
}

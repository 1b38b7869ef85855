// The centre's port before it has loaded (decision 0088): the door is drawn from the device while
// Firebase's code and the staff port's chunk are still on their way, and the centre's store and screens
// are made on this stand-in at once. Each call waits for the port: a listener starts when it comes
// (stopped before then, it never starts), a write or count is asked of it then. Once the port has come,
// every call goes straight to it, in the same task, as if it had been there from the start.
// A port that cannot load (its chunk not kept, offline) fails each listener through its onError, and
// each write or count with the load's error; the guard asks for the port again at the next check.
import type { CentrePort, PagedWatch } from './centre-ports'
import type { Unsubscribe } from './port-types'

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error))
}

export function deferCentrePort(loading: Promise<CentrePort>): CentrePort {
  let port: CentrePort | null = null
  let failure: Error | null = null
  const loaded = loading.then(
    (found) => {
      port = found
      return found
    },
    (error: unknown) => {
      failure = asError(error)
      throw failure
    },
  )
  // Each caller has the failure through its own promise or onError; this one is only waited on.
  loaded.catch(() => undefined)

  /** A listener on the port, started when it comes (at once when it has). */
  function follow(start: (port: CentrePort) => Unsubscribe, onError: (error: Error) => void): Unsubscribe {
    if (port) return start(port)
    let stop: Unsubscribe | null = null
    let stopped = false
    loaded.then(
      (found) => {
        if (!stopped) stop = start(found)
      },
      (error: unknown) => {
        if (!stopped) onError(asError(error))
      },
    )
    return () => {
      stopped = true
      stop?.()
    }
  }

  /** A paged listener likewise: 'Show more' pressed before the port came is passed on when it comes. */
  function followPaged(start: (port: CentrePort) => PagedWatch, onError: (error: Error) => void): PagedWatch {
    if (port) return start(port)
    let watch: PagedWatch | null = null
    let more = 0
    const stop = follow((found) => {
      const started = start(found)
      watch = started
      for (; more > 0; more -= 1) started.showMore()
      return () => started.stop()
    }, onError)
    return {
      showMore() {
        if (watch) watch.showMore()
        else more += 1
      },
      stop,
    }
  }

  /** A call answered by the port once it has come. */
  const ask = <T>(call: (port: CentrePort) => Promise<T>): Promise<T> =>
    port ? call(port) : failure ? Promise.reject(failure) : loaded.then(call)

  return {
    staffAccess: () => ask((p) => p.staffAccess()),
    watchChildren: (filter, listener, onError) =>
      followPaged((p) => p.watchChildren(filter, listener, onError), onError),
    countChildren: (filter) => ask((p) => p.countChildren(filter)),
    watchRegistrations: (kidIds, listener, onError) =>
      follow((p) => p.watchRegistrations(kidIds, listener, onError), onError),
    watchReplies: (questions, listener, onError) =>
      follow((p) => p.watchReplies(questions, listener, onError), onError),
    watchEnrolments: (kidIds, listener, onError) =>
      follow((p) => p.watchEnrolments(kidIds, listener, onError), onError),
    watchParentEmails: (uids, listener, onError) =>
      follow((p) => p.watchParentEmails(uids, listener, onError), onError),
    watchInquiries: (listener, onError) => followPaged((p) => p.watchInquiries(listener, onError), onError),
    countInquiries: () => ask((p) => p.countInquiries()),
    decide: (kidId, decision) => ask((p) => p.decide(kidId, decision)),
    markInquiry: (inquiryId, handled) => ask((p) => p.markInquiry(inquiryId, handled)),
    deleteInquiry: (inquiryId) => ask((p) => p.deleteInquiry(inquiryId)),
    watchMailChoices: (listener, onError) => follow((p) => p.watchMailChoices(listener, onError), onError),
    setMailChoices: (choices) => ask((p) => p.setMailChoices(choices)),
    watchRetentionDays: (listener, onError) =>
      follow((p) => p.watchRetentionDays(listener, onError), onError),
    setRetentionDays: (days) => ask((p) => p.setRetentionDays(days)),
    watchInquiryQuota: (listener, onError) => follow((p) => p.watchInquiryQuota(listener, onError), onError),
  }
}

// What the staff screens show, followed live for as long as the app runs: the children and the inquiries
// a page at a time (STAFF_PAGE_SIZE each; 'Show more' adds one), the decisions about the children loaded,
// and the server's counts, from Firestore's cache first (so what was last seen shows offline). One store
// per CentrePort, made by the app layer's centre guard and handed to the screens through the router's
// context. The plan filter is a query (a new first page); the state filter and the name search run on
// the pages loaded (docs/decisions/0026). Opened on the inquiries, their list goes out first, alone:
// the children follow once the server has answered it (decision 0026).
import { useSyncExternalStore } from 'react'
import type { CentrePort, ChildrenFilter, InquiryCounts, PagedWatch } from '#shared/backend/centre-ports'
import type { StoredEnrolment } from '#shared/records/enrolment-record'
import type { StoredInquiry } from '#shared/records/inquiry-record'
import type { StoredKid } from '#shared/records/kid-record'
import { openQuestion, type Registration } from '#shared/records/registration-record'
import type { Reply } from '#shared/records/reply-record'

export interface CentreState {
  /** undefined until the first answer (from the cache or the server). */
  readonly children: readonly StoredKid[] | undefined
  /** The last page of children was full: 'Show more' may find more. */
  readonly moreChildren: boolean
  /** The plan the children's pages were asked for. */
  readonly childrenFilter: ChildrenFilter
  /**
   * The server has answered the children's query at least once (false while they come from this
   * device's cache alone): from then on the registrations page keeps its cards where they are.
   */
  readonly childrenAnswered: boolean
  /** How many children match the plan on the server (null: not known, offline). */
  readonly childrenCount: number | null
  readonly registrations: ReadonlyMap<string, Registration>
  /** The parents' replies to the open questions of those decisions (offers, 'Still interested?'). */
  readonly replies: ReadonlyMap<string, Reply>
  /** The loaded children's enrolment files, by child id (decision 0032). */
  readonly enrolments: ReadonlyMap<string, StoredEnrolment>
  /** The loaded children's parents' e-mails, by uid. */
  readonly parentEmails: ReadonlyMap<string, string>
  readonly inquiries: readonly StoredInquiry[] | undefined
  readonly moreInquiries: boolean
  /** As childrenAnswered, for the inquiries (they are never asked again with another filter). */
  readonly inquiriesAnswered: boolean
  /**
   * The server's counts of inquiries (null: not known, offline), with what the loaded pages held when
   * they came: marks and deletions made since (offline too) move the numbers by as much.
   */
  readonly inquiryCounts: (InquiryCounts & { readonly loaded: InquiryCounts }) | null
  /** True while a list comes from this device only (offline, or the server has not answered yet). */
  readonly fromCache: boolean
  /** A list the server refused or could not give (the rules, a lost claim). */
  readonly failed: boolean
}

/** The centre's two lists, each the subject of one page. */
export type CentreList = 'children' | 'inquiries'

/**
 * How long the other list waits for the server's first answer to the page's own list: offline, or on a
 * connection that answers nothing, that answer never comes, and the other list shows from the cache.
 */
export const OTHER_LIST_WAIT_MS = 2_000

/** How long stopping waits for the counts already on their way. */
export const COUNTS_SETTLE_MS = 2_000

export interface CentreStore {
  readonly port: CentrePort
  /** The page of this list is on screen: its list is followed from now on (at once, if not yet). */
  open(list: CentreList): void
  getState(): CentreState
  subscribe(listener: () => void): () => void
  /** Asks the server for children of one plan (or all), from the first page again. */
  setChildrenFilter(filter: ChildrenFilter): void
  showMoreChildren(): void
  showMoreInquiries(): void
  /**
   * Stops every listener. Resolves once the counts already asked of the server have their answer (at
   * most COUNTS_SETTLE_MS): signing out before then sent one with no account, which the server refuses.
   */
  stop(): Promise<void>
}

/**
 * `first`: the list of the page the centre opened on (opened on the inquiries, followed alone first);
 * null for a screen that shows neither (Today at the door): no list goes out with the screen's own
 * queries, and the inquiries (their count is in the navigation) follow after OTHER_LIST_WAIT_MS.
 */
export function createCentreStore(port: CentrePort, first: CentreList | null = 'children'): CentreStore {
  let state: CentreState = {
    children: undefined,
    moreChildren: false,
    childrenFilter: { plan: 'all' },
    childrenAnswered: false,
    childrenCount: null,
    registrations: new Map(),
    replies: new Map(),
    enrolments: new Map(),
    parentEmails: new Map(),
    inquiries: undefined,
    moreInquiries: false,
    inquiriesAnswered: false,
    inquiryCounts: null,
    // No list is followed yet on Today at the door: nothing is 'from this device only'.
    fromCache: first !== null,
    failed: false,
  }
  // A list not followed yet is no list 'from this device only': nothing of it is shown.
  let childrenCached = false
  let inquiriesCached = false
  let stopped = false
  const listeners = new Set<() => void>()
  const set = (next: Partial<CentreState>) => {
    state = { ...state, ...next, fromCache: childrenCached || inquiriesCached }
    for (const listener of listeners) listener()
  }
  const failed = (error: Error) => {
    console.warn("The centre's lists could not be loaded", error)
    set({ failed: true })
  }
  // Counts are the server's; offline they stay as last known (or unknown).
  const counting = new Set<Promise<void>>()
  const counted = <T>(count: Promise<T>, apply: (value: T) => void) => {
    const settled = count.then((value) => void (!stopped && apply(value))).catch(() => {})
    counting.add(settled)
    void settled.then(() => counting.delete(settled))
  }

  // The decisions and parents' e-mails of the children loaded: followed again when that set changes.
  let decisionsOf = ''
  let stopDecisions: () => void = () => {}
  function followDecisions(children: readonly StoredKid[]) {
    const ids = children.map((kid) => kid.id)
    const key = ids.join(',')
    if (key === decisionsOf) return
    decisionsOf = key
    stopDecisions()
    const stops = [
      port.watchRegistrations(
        ids,
        (registrations) => {
          set({ registrations })
          followReplies(registrations)
        },
        failed,
      ),
      port.watchEnrolments(ids, (enrolments) => set({ enrolments }), failed),
      port.watchParentEmails(
        children.map((kid) => kid.userRef),
        (parentEmails) => set({ parentEmails }),
        failed,
      ),
    ]
    stopDecisions = () => {
      for (const stop of stops) stop()
      stopReplies()
      repliesOf = ''
    }
  }

  // The replies to the open questions of the decisions loaded: followed again when those change.
  let repliesOf = ''
  let stopReplies: () => void = () => {}
  function followReplies(registrations: ReadonlyMap<string, Registration>) {
    const questions = [...registrations].flatMap(([kidId, registration]) => {
      const questionId = openQuestion(registration)
      return questionId ? [{ kidId, questionId }] : []
    })
    const key = questions.map((question) => `${question.kidId}/${question.questionId}`).join(',')
    if (key === repliesOf) return
    repliesOf = key
    stopReplies()
    stopReplies = port.watchReplies(questions, (replies) => set({ replies }), failed)
  }

  // The other list, once the first has the server's answer (or after OTHER_LIST_WAIT_MS, or when its
  // page opens): on a first open it shared the server's first reply with the page's own list, and with
  // the decisions of the children already cached, eight queries where the page needed one.
  const started = new Set<CentreList>()
  let otherTimer: ReturnType<typeof setTimeout> | undefined
  function open(list: CentreList) {
    if (stopped || started.has(list)) return
    started.add(list)
    if (list === 'children') watchChildren(state.childrenFilter)
    else watchInquiries()
  }
  const openOther = () => {
    clearTimeout(otherTimer)
    open(first === 'children' ? 'inquiries' : 'children')
  }
  /** The first list's server answer has come: the other may go out now. */
  const answered = (list: CentreList) => {
    if (list === first) openOther()
  }

  let children: PagedWatch | null = null
  function watchChildren(filter: ChildrenFilter) {
    childrenCached = true
    let countedOnce = false
    children = port.watchChildren(
      filter,
      (seen) => {
        // An answer already on its way when the store stopped opens nothing more.
        if (stopped || filter !== state.childrenFilter) return
        childrenCached = seen.fromCache
        set({
          children: seen.items,
          moreChildren: seen.more,
          childrenAnswered: state.childrenAnswered || !seen.fromCache,
        })
        followDecisions(seen.items)
        if (!seen.fromCache) answered('children')
        if (!seen.fromCache && !countedOnce) {
          countedOnce = true
          counted(port.countChildren(filter), (count) => {
            if (filter === state.childrenFilter) set({ childrenCount: count })
          })
        }
      },
      failed,
    )
  }
  // The inquiries' counts are asked again whenever the server's pages change (a new one, a mark).
  let inquiries: PagedWatch | null = null
  function watchInquiries() {
    inquiriesCached = true
    inquiries = port.watchInquiries((seen) => {
      if (stopped) return
      inquiriesCached = seen.fromCache
      set({
        inquiries: seen.items,
        moreInquiries: seen.more,
        inquiriesAnswered: state.inquiriesAnswered || !seen.fromCache,
      })
      if (!seen.fromCache) {
        answered('inquiries')
        counted(port.countInquiries(), (counts) =>
          set({ inquiryCounts: { ...counts, loaded: loadedCounts(state) } }),
        )
      }
    }, failed)
  }

  // The registrations page shows the inquiries' count in its navigation: asked later, its arrival moved
  // the page under a tap on a card (CI13). Only the children's list, which the inquiries page does not
  // show, waits.
  if (first === null) otherTimer = setTimeout(() => open('inquiries'), OTHER_LIST_WAIT_MS)
  else {
    open(first)
    if (first === 'children') open('inquiries')
    else otherTimer = setTimeout(openOther, OTHER_LIST_WAIT_MS)
  }

  return {
    port,
    open,
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    setChildrenFilter(filter) {
      if (filter.plan === state.childrenFilter.plan) return
      children?.stop()
      set({
        childrenFilter: filter,
        children: undefined,
        moreChildren: false,
        childrenAnswered: false,
        childrenCount: null,
      })
      if (started.has('children')) watchChildren(filter)
    },
    showMoreChildren: () => children?.showMore(),
    showMoreInquiries: () => inquiries?.showMore(),
    stop() {
      stopped = true
      clearTimeout(otherTimer)
      children?.stop()
      inquiries?.stop()
      stopDecisions()
      listeners.clear()
      let timer: ReturnType<typeof setTimeout> | undefined
      return Promise.race([
        Promise.all(counting).then(() => undefined),
        new Promise<void>((resolve) => {
          timer = setTimeout(resolve, COUNTS_SETTLE_MS)
        }),
      ]).finally(() => clearTimeout(timer))
    },
  }
}

export function useCentreState(store: CentreStore): CentreState {
  return useSyncExternalStore(store.subscribe, store.getState, store.getState)
}

function loadedCounts(state: CentreState): InquiryCounts {
  const inquiries = state.inquiries ?? []
  return { total: inquiries.length, unhandled: inquiries.filter((inquiry) => !inquiry.handled).length }
}

/**
 * How many inquiries there are, and how many nobody has marked handled yet (the number in the staff's
 * navigation): the server's counts, moved by what changed on the loaded pages since they came (a mark
 * or a deletion made here, offline too); without them (offline from the start), those loaded.
 */
export function inquiryCounts(state: CentreState): InquiryCounts {
  const loaded = loadedCounts(state)
  const counts = state.inquiryCounts
  if (!counts) return loaded
  return {
    total: Math.max(loaded.total, counts.total + loaded.total - counts.loaded.total),
    unhandled: Math.max(0, counts.unhandled + loaded.unhandled - counts.loaded.unhandled),
  }
}

export function unhandledCount(state: CentreState): number {
  return inquiryCounts(state).unhandled
}

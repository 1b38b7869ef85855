// In-memory fakes of the centre's ports (never imported by the app): a little server of children,
// decisions and inquiries that the staff screens and the parent's card read and write in tests.

import type { QueuedWrite } from '#shared/backend/backend-ports'
import {
  type CentrePort,
  type ChildrenFilter,
  type Paged,
  type PagedWatch,
  type RegistrationListener,
  type RegistrationsPort,
  STAFF_PAGE_SIZE,
  type StaffAccess,
} from '#shared/backend/centre-ports'
import { BackendError, WRONG_ACCOUNT } from '#shared/backend/kids-ports'
import { type CentreMailChoices, DEFAULT_MAIL_CHOICES } from '#shared/records/centre-settings'
import type { StoredEnrolment } from '#shared/records/enrolment-record'
import type { InquiryQuota } from '#shared/records/inquiry-quota'
import type { StoredInquiry } from '#shared/records/inquiry-record'
import type { StoredKid } from '#shared/records/kid-record'
import {
  openQuestion,
  type Registration,
  type RegistrationDecision,
  replyDeadline,
} from '#shared/records/registration-record'
import type { Reply } from '#shared/records/reply-record'
import {
  MAX_RETENTION_DAYS,
  MIN_RETENTION_DAYS,
  parseRetentionDays,
} from '#shared/records/retention-settings'

export class FakeCentreServer {
  access: StaffAccess = 'staff'
  staffUid = 'staff-1'
  children: StoredKid[] = []
  inquiries: StoredInquiry[] = []
  readonly registrations = new Map<string, Registration>()
  /** The parents' replies, by `${kidId}/${questionId}`. */
  readonly replies = new Map<string, Reply>()
  /** enrolments/{kidId}, the parents' files. */
  readonly enrolments = new Map<string, StoredEnrolment>()
  /** The server's clock (the rules' request.time). */
  now: () => number = () => Date.now()
  /** users/{uid}.email of the parents. */
  readonly parentEmails = new Map<string, string>()
  /** centre/settings: which e-mails the centre gets. */
  mailChoices: CentreMailChoices = DEFAULT_MAIL_CHOICES
  /** centre/retention as stored (undefined: unset, so the default). */
  retention: { days: number } | undefined = undefined
  /** inquiryQuota/all as the function writes it (undefined: no inquiry counted yet). */
  inquiryQuota: InquiryQuota | undefined = undefined
  /** Every write, in order, as 'decide kidId state' / 'mark inquiryId true|false'. */
  readonly writes: string[] = []
  /** The signed-in account (null: nobody); a parent's writes for another are refused, as by the adapter. */
  signedIn: string | null = null
  /**
   * The owner of kids/{kidId} as the server holds it (undefined: a child this fake was not told of, as in
   * tests that only set a decision): the rules let only the owner read its decision and file.
   */
  ownerOf: (kidId: string) => string | undefined = () => undefined
  /** While true, writes are queued (kept here, `sent` waits) like Firestore offline. */
  offline = false
  /** The lists' page (the adapter's STAFF_PAGE_SIZE): a screen test may page by 2 to draw 3 cards, not 51. */
  pageSize = STAFF_PAGE_SIZE
  /**
   * While true, the parents' reply listeners say 'no reply' whatever the server holds: Firestore 12.9's
   * listener on the emulator, opened before the reply existed, after this device created it.
   */
  staleReplyListeners = false
  private readonly waiting: (() => void)[] = []
  private readonly listeners = new Set<() => void>()

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  changed(): void {
    for (const listener of this.listeners) listener()
  }

  /** Runs `send` when the server is next reached (a write waiting in the queue). */
  onOnline(send: () => void): void {
    this.waiting.push(send)
  }

  goOnline(): void {
    this.offline = false
    for (const send of this.waiting.splice(0)) send()
  }

  private queued(): QueuedWrite {
    if (!this.offline) return { sent: Promise.resolve() }
    return { sent: new Promise<void>((resolve) => this.waiting.push(resolve)) }
  }

  decide(kidId: string, decision: RegistrationDecision): QueuedWrite {
    this.writes.push(`decide ${kidId} ${decision.state}`)
    const kid = this.children.find((child) => child.id === kidId)
    const { id: _id, savedAt, userRef: _owner, ...fields } = kid ?? { id: kidId, savedAt: null, userRef: '' }
    this.registrations.set(kidId, {
      replyBy: null,
      offerId: null,
      waitingSince: null,
      reason: null,
      lapsedOn: null,
      askId: null,
      askedAt: null,
      missing: [],
      ...decision,
      decidedBy: this.staffUid,
      decidedAt: Date.now(),
      decidedOn: kid ? { savedAt, fields } : null,
    })
    this.changed()
    return this.queued()
  }

  /** A parent's reply, as firestore.rules judge it: once, and only to the open question in time. */
  reply(kidId: string, questionId: string, reply: Reply): void {
    const key = `${kidId}/${questionId}`
    const registration = this.registrations.get(kidId) ?? null
    const open =
      openQuestion(registration) === questionId &&
      ((registration?.state === 'offered' &&
        reply !== 'interested' &&
        registration.replyBy !== null &&
        this.now() < replyDeadline(registration.replyBy)) ||
        (registration?.state === 'waitlisted' && reply === 'interested'))
    if (this.replies.has(key) || !open)
      throw new BackendError('Missing or insufficient permissions.', {
        permanent: true,
        code: 'permission-denied',
      })
    this.replies.set(key, reply)
    this.writes.push(`reply ${kidId} ${reply}`)
    this.changed()
  }

  deleteInquiry(inquiryId: string): QueuedWrite {
    this.writes.push(`delete ${inquiryId}`)
    this.inquiries = this.inquiries.filter((inquiry) => inquiry.id !== inquiryId)
    this.changed()
    return this.queued()
  }

  setMailChoices(choices: CentreMailChoices): QueuedWrite {
    this.writes.push(`mail ${choices.registrations} ${choices.inquiries}`)
    this.mailChoices = choices
    this.changed()
    return this.queued()
  }

  /** As firestore.rules judge it: staff only, whole days from 30 to 3650; a refusal rejects `sent`. */
  setRetentionDays(days: number): QueuedWrite {
    this.writes.push(`retention ${days}`)
    if (
      this.access !== 'staff' ||
      !Number.isInteger(days) ||
      days < MIN_RETENTION_DAYS ||
      days > MAX_RETENTION_DAYS
    ) {
      const sent = Promise.reject(
        new BackendError('permission-denied', { permanent: true, code: 'permission-denied' }),
      )
      sent.catch(() => undefined)
      return { sent }
    }
    this.retention = { days }
    this.changed()
    return this.queued()
  }

  mark(inquiryId: string, handled: boolean): QueuedWrite {
    this.writes.push(`mark ${inquiryId} ${handled}`)
    this.inquiries = this.inquiries.map((inquiry) =>
      inquiry.id === inquiryId ? { ...inquiry, handled, handledBy: this.staffUid } : inquiry,
    )
    this.changed()
    return this.queued()
  }
}

/** A paged list as the adapter gives it: pages of `server.pageSize`, one more on each showMore(). */
function pagedFollow<T>(
  server: FakeCentreServer,
  items: () => readonly T[],
  listener: (seen: Paged<T>) => void,
): PagedWatch {
  let pages = 1
  const send = () => {
    const all = items()
    const shown = all.slice(0, pages * server.pageSize)
    listener({ items: shown, fromCache: server.offline, more: shown.length === pages * server.pageSize })
  }
  queueMicrotask(send)
  const stop = server.subscribe(send)
  return {
    showMore() {
      pages += 1
      send()
    },
    stop,
  }
}

export function createFakeCentre(server: FakeCentreServer): CentrePort {
  const follow = (send: () => void) => {
    queueMicrotask(send)
    return server.subscribe(send)
  }
  const matching = (filter: ChildrenFilter) =>
    server.children.filter((kid) => filter.plan === 'all' || kid.plan === filter.plan)
  // The server counts for staff only (firestore.rules); offline it cannot count at all.
  const online = <T>(value: () => T) =>
    server.offline
      ? Promise.reject(new Error('offline'))
      : server.access !== 'staff'
        ? Promise.reject(
            new BackendError('permission-denied', { permanent: true, code: 'permission-denied' }),
          )
        : Promise.resolve(value())
  // The rules let staff only read the centre's settings and counts: anyone else's listener errs once.
  const staffOnly = (onError: (error: Error) => void, send: () => void) => {
    if (server.access === 'staff') return follow(send)
    queueMicrotask(() =>
      onError(new BackendError('permission-denied', { permanent: true, code: 'permission-denied' })),
    )
    return () => undefined
  }
  return {
    staffAccess: async () => server.access,
    watchChildren: (filter, listener) => pagedFollow(server, () => matching(filter), listener),
    countChildren: (filter) => online(() => matching(filter).length),
    watchRegistrations: (kidIds, listener) =>
      follow(() => listener(new Map([...server.registrations].filter(([kidId]) => kidIds.includes(kidId))))),
    watchReplies: (questions, listener) =>
      follow(() =>
        listener(
          new Map(
            questions.flatMap(({ kidId, questionId }) => {
              const reply = server.replies.get(`${kidId}/${questionId}`)
              return reply ? [[kidId, reply] as const] : []
            }),
          ),
        ),
      ),
    watchEnrolments: (kidIds, listener) =>
      follow(() => listener(new Map([...server.enrolments].filter(([kidId]) => kidIds.includes(kidId))))),
    watchParentEmails: (uids, listener) =>
      follow(() => listener(new Map([...server.parentEmails].filter(([uid]) => uids.includes(uid))))),
    watchInquiries: (listener) => pagedFollow(server, () => server.inquiries, listener),
    countInquiries: () =>
      online(() => ({
        total: server.inquiries.length,
        unhandled: server.inquiries.filter((inquiry) => !inquiry.handled).length,
      })),
    // The rules take decisions from staff only: a parent's is kept on the device, then refused for good.
    decide: async (kidId, decision) => {
      if (server.access === 'staff') return server.decide(kidId, decision)
      const sent = Promise.reject(
        new BackendError('permission-denied', { permanent: true, code: 'permission-denied' }),
      )
      sent.catch(() => undefined)
      return { sent }
    },
    markInquiry: async (inquiryId, handled) => server.mark(inquiryId, handled),
    deleteInquiry: async (inquiryId) => server.deleteInquiry(inquiryId),
    watchMailChoices: (listener) => follow(() => listener(server.mailChoices)),
    setMailChoices: async (choices) => server.setMailChoices(choices),
    watchRetentionDays: (listener, onError) =>
      staffOnly(onError, () => listener(parseRetentionDays(server.retention))),
    setRetentionDays: async (days) => server.setRetentionDays(days),
    watchInquiryQuota: (listener, onError) => staffOnly(onError, () => listener(server.inquiryQuota ?? null)),
  }
}

export function createFakeRegistrations(server: FakeCentreServer): RegistrationsPort {
  /** As the adapter: a write for another account than the signed-in one is refused, in the same turn. */
  const checkAccount = (asUser: string) => {
    if (server.signedIn !== null && server.signedIn !== asUser)
      throw new BackendError('Another account is signed in on this device', {
        permanent: false,
        code: WRONG_ACCOUNT,
      })
  }
  const forbidden = (kidId: string) => {
    const owner = server.ownerOf(kidId)
    return server.signedIn !== null && owner !== undefined && owner !== server.signedIn
  }
  return {
    watch(kidId, listener: RegistrationListener) {
      const send = () => listener(forbidden(kidId) ? 'forbidden' : (server.registrations.get(kidId) ?? null))
      queueMicrotask(send)
      return server.subscribe(send)
    },
    watchReply(kidId, questionId, listener) {
      const send = () =>
        listener(server.staleReplyListeners ? null : (server.replies.get(`${kidId}/${questionId}`) ?? null))
      queueMicrotask(send)
      return server.subscribe(send)
    },
    async sendReply(kidId, questionId, reply, { asUser }) {
      checkAccount(asUser)
      // Offline, the write waits (as in Firestore's queue) and is judged when it reaches the server.
      if (server.offline) await new Promise<void>((resolve) => server.onOnline(resolve))
      server.reply(kidId, questionId, reply)
    },
    async readFromServer(kidId, questionId) {
      if (server.offline) throw new BackendError('offline', { permanent: false, code: 'unavailable' })
      return {
        registration: server.registrations.get(kidId) ?? null,
        reply: server.replies.get(`${kidId}/${questionId}`) ?? null,
      }
    },
    watchEnrolment(kidId, userId, listener) {
      // Another family's file (the child changed hands) reads as none, as the rules' query by owner.
      const send = () => {
        const file = server.enrolments.get(kidId)
        listener(forbidden(kidId) ? 'forbidden' : file?.userRef === userId ? file : null)
      }
      queueMicrotask(send)
      return server.subscribe(send)
    },
    async saveEnrolment(kidId, record, { asUser }) {
      checkAccount(asUser)
      if (server.offline) await new Promise<void>((resolve) => server.onOnline(resolve))
      // The rules: only while the place is accepted (the offer's reply) or confirmed.
      const registration = server.registrations.get(kidId)
      const question = openQuestion(registration ?? null)
      const accepted = question !== null && server.replies.get(`${kidId}/${question}`) === 'accepted'
      if (!(registration?.state === 'confirmed' || (registration?.state === 'offered' && accepted)))
        throw new BackendError('permission-denied', { permanent: true, code: 'permission-denied' })
      server.enrolments.set(kidId, { ...record, kidId, savedAt: server.now() })
      server.writes.push(`enrolment ${kidId}`)
      server.changed()
    },
  }
}

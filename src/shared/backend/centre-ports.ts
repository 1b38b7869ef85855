// Ports for the centre's side (/centre, staff only) and the parent's view of the centre's decision.
// No Firebase types here. The staff port is loaded on demand (Backend.loadCentre), so its adapter code is
// downloaded only by the staff screens, never by the parent area (docs/decisions/0023).
import type { CentreMailChoices } from '#shared/records/centre-settings'
import type { EnrolmentRecord, StoredEnrolment } from '#shared/records/enrolment-record'
import type { InquiryQuota } from '#shared/records/inquiry-quota'
import type { StoredInquiry } from '#shared/records/inquiry-record'
import type { KidPlan, StoredKid } from '#shared/records/kid-record'
import type { Registration, RegistrationDecision } from '#shared/records/registration-record'
import type { Reply } from '#shared/records/reply-record'
import type { AsUser } from './kids-ports'
import type { QueuedWrite, Unsubscribe } from './port-types'

/** The centre's decision about one child as its owner sees it; 'forbidden' when the rules refuse. */
export type RegistrationListener = (registration: Registration | null | 'forbidden') => void

/** The parent's side: follows registrations/{kidId} for a child of theirs that the server has. */
export interface RegistrationsPort {
  watch(kidId: string, listener: RegistrationListener): Unsubscribe
  /** The parent's reply to one question (registrations/{kidId}/replies/{questionId}), live; null: none. */
  watchReply(kidId: string, questionId: string, listener: (reply: Reply | null) => void): Unsubscribe
  /**
   * Writes the reply (the adapter adds the server's time and the parent's uid) and resolves once the
   * server has it. Offline it waits. Rejects with a permanent BackendError when the rules refuse it (the
   * question is closed, or the reply was stored already: a reply is created once, never changed), and
   * WRONG_ACCOUNT when `asUser` is not signed in.
   */
  sendReply(kidId: string, questionId: string, reply: Reply, options: AsUser): Promise<void>
  /** What the server holds now: the record and the reply to `questionId` (rejects when out of reach). */
  readFromServer(
    kidId: string,
    questionId: string,
  ): Promise<{ readonly registration: Registration | null; readonly reply: Reply | null }>
  /**
   * The child's enrolment file (enrolments/{kidId}) as `userId`'s family wrote it, live, from the cache
   * first; null: none yet (or one another family wrote); 'forbidden': the child is not theirs.
   */
  watchEnrolment(
    kidId: string,
    userId: string,
    listener: (file: StoredEnrolment | null | 'forbidden') => void,
  ): Unsubscribe
  /**
   * Writes the whole file (the adapter adds savedAt, the server's time) and resolves once the server
   * has it; offline it waits. Rejects with a permanent BackendError when the rules refuse it (the place
   * is not accepted or confirmed), WRONG_ACCOUNT when `asUser` is not signed in.
   */
  saveEnrolment(kidId: string, record: EnrolmentRecord, options: AsUser): Promise<void>
}

/** A list as last seen: fromCache while it comes from this device, not (yet) from the server. */
export interface Seen<T> {
  readonly items: readonly T[]
  readonly fromCache: boolean
}

/**
 * How many records one staff query asks for, at most: a page. 'Show more' asks for the next page; no
 * list is ever read whole (docs/decisions/0026).
 */
export const STAFF_PAGE_SIZE = 50

/** The pages loaded so far, in order; `more` while the last page was full (there may be more). */
export interface Paged<T> extends Seen<T> {
  readonly more: boolean
}

/** A paged live list: 'Show more' opens the next page; stop() ends every page's listener. */
export interface PagedWatch {
  showMore(): void
  stop(): void
}

/** The children's list asks the server for one plan, or all (run as a query: decision 0026). */
export interface ChildrenFilter {
  readonly plan: KidPlan | 'all'
}

/** Counted by the server without reading the records (aggregation queries); rejects offline. */
export interface InquiryCounts {
  readonly total: number
  readonly unhandled: number
}

/** What the signed-in account may do at /centre. */
export type StaffAccess = 'staff' | 'not-staff' | 'signed-out'

export interface CentrePort {
  /**
   * Whether the signed-in account holds the staff claim on a verified e-mail. When the token this
   * device holds says no, a fresh one is asked for once (a claim granted since the last sign-in reaches
   * the app only that way); offline, the last token held decides (the server's rules decide every read).
   */
  staffAccess(): Promise<StaffAccess>
  /** The children, newest save first, a page at a time, live (from this device's cache first). */
  watchChildren(
    filter: ChildrenFilter,
    listener: (seen: Paged<StoredKid>) => void,
    onError: (error: Error) => void,
  ): PagedWatch
  /** How many children match the filter, counted by the server. */
  countChildren(filter: ChildrenFilter): Promise<number>
  /** The decisions about these children (the ones loaded), by child id, live. */
  watchRegistrations(
    kidIds: readonly string[],
    listener: (registrations: ReadonlyMap<string, Registration>) => void,
    onError: (error: Error) => void,
  ): Unsubscribe
  /** The parents' replies to these open questions (offers, 'Still interested?'), by child id, live. */
  watchReplies(
    questions: readonly { readonly kidId: string; readonly questionId: string }[],
    listener: (replies: ReadonlyMap<string, Reply>) => void,
    onError: (error: Error) => void,
  ): Unsubscribe
  /** The enrolment files of these children (the ones loaded), by child id, live. */
  watchEnrolments(
    kidIds: readonly string[],
    listener: (files: ReadonlyMap<string, StoredEnrolment>) => void,
    onError: (error: Error) => void,
  ): Unsubscribe
  /**
   * The parents' account e-mails (users/{uid}.email) of these children's owners, by uid, live: two
   * parents of one name are told apart by it.
   */
  watchParentEmails(
    uids: readonly string[],
    listener: (emails: ReadonlyMap<string, string>) => void,
    onError: (error: Error) => void,
  ): Unsubscribe
  /** The inquiries, newest first, a page at a time, live. */
  watchInquiries(listener: (seen: Paged<StoredInquiry>) => void, onError: (error: Error) => void): PagedWatch
  countInquiries(): Promise<InquiryCounts>
  /** Writes the decision (the adapter adds who and when); resolves once queued on this device. */
  decide(kidId: string, decision: RegistrationDecision): Promise<QueuedWrite>
  /** Sets an inquiry's handled mark; resolves once queued on this device (offline too). */
  markInquiry(inquiryId: string, handled: boolean): Promise<QueuedWrite>
  /** Deletes an inquiry (spam); resolves once queued on this device. */
  deleteInquiry(inquiryId: string): Promise<QueuedWrite>
  /** Which e-mails the centre gets, live (both on until staff turn one off). */
  watchMailChoices(
    listener: (choices: CentreMailChoices) => void,
    onError: (error: Error) => void,
  ): Unsubscribe
  /** Sets them; resolves once queued on this device. */
  setMailChoices(choices: CentreMailChoices): Promise<QueuedWrite>
  /** How long an ended place's records are kept, in days (centre/retention), live; the default when unset. */
  watchRetentionDays(listener: (days: number) => void, onError: (error: Error) => void): Unsubscribe
  /** Sets it (30 to 3650; the rules refuse other values and non-staff); resolves once queued on this device. */
  setRetentionDays(days: number): Promise<QueuedWrite>
  /** The overall hourly count of inquiries (inquiryQuota/all, the function's), live; null: none yet. */
  watchInquiryQuota(
    listener: (quota: InquiryQuota | null) => void,
    onError: (error: Error) => void,
  ): Unsubscribe
}

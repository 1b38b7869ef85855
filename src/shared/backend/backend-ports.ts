// The app's view of its hosted backend. Everything above the Firebase adapter (src/firebase/)
// talks to these interfaces only, so screens, forms and the outbox are tested against in-memory fakes
// and marketing pages never pull Firebase into their bundle (docs/decisions/0004-firebase-loaded-lazily.md).
//
// Ownership: the account section (AuthPort, InquiriesPort, AccountDataPort) and the kids section
// (KidsPort, PhotoStoragePort) each evolve with their feature; keep the shapes small and free of
// Firebase types.
import type { InquiryRecord } from '#shared/records/inquiry-record'
import type { StoredKid } from '#shared/records/kid-record'
import type { AttendancePort } from './attendance-ports'
import type { CentrePort, RegistrationsPort } from './centre-ports'
import type { ChildDayPort } from './child-day-ports'
import type { InquiryRefusalReason } from './inquiry-refused'
import type { KidsPort, PhotoStoragePort } from './kids-ports'
import type { NoticesPort, PushPort } from './notices-ports'
import type { QueuedWrite, Unsubscribe } from './port-types'

export type { QueuedWrite, Unsubscribe } from './port-types'

export interface AuthUser {
  readonly uid: string
  readonly email: string | null
  readonly displayName: string | null
}

export interface AuthPort {
  /**
   * The parent this device last saw signed in, known at once, before Auth has checked the session with
   * the server (null: nobody); once Auth has answered, its answer. Never a proof of the session:
   * nothing is sent for this parent until onAuthChange confirms them.
   */
  rememberedUser(): AuthUser | null
  /**
   * The remembered parent whose session Auth's first answer refused (deleted or disabled account, a
   * password changed elsewhere), until someone signs in; null otherwise.
   */
  sessionRefused(): AuthUser | null
  /** Calls back once the signed-in state is confirmed (null: signed out) and on every change. */
  onAuthChange(listener: (user: AuthUser | null) => void): Unsubscribe
  /**
   * Runs (and is awaited) before this tab's signed-in account changes to another or to nobody: work
   * done for the old account must stop before the new one's credentials exist.
   */
  beforeUserChange(callback: () => void | Promise<void>): Unsubscribe
  signIn(email: string, password: string): Promise<AuthUser>
  /** Creates the account, sets its display name and writes users/{uid} (never the password). */
  signUp(name: string, email: string, password: string): Promise<AuthUser>
  signOut(): Promise<void>
  sendPasswordReset(email: string): Promise<void>
  /**
   * Whether the signed-in parent's e-mail is verified (as Auth last said; null: nobody signed in). It
   * never blocks anything a parent does: the profile offers 'Resend' while it is false.
   */
  emailVerified(): Promise<boolean | null>
  /**
   * Sends the verification e-mail again; 'verified' (nothing sent) when the server says the address is
   * verified already (the parent followed the first link).
   */
  sendEmailVerification(): Promise<'sent' | 'verified'>
  /**
   * Updates the auth profile's displayName (on the server) and users/{uid}.name; resolves once the
   * name is kept on this device, its `sent` once the server has users/{uid}.name.
   */
  updateName(name: string): Promise<QueuedWrite>
  /** Checks the signed-in parent's password again (before deleting the account); rejects if wrong. */
  confirmPassword(password: string): Promise<void>
  /** Deletes the signed-in sign-in account itself (its data must be gone first). */
  deleteAccount(): Promise<void>
}

/** An inquiry as it waits on the device (the marketing feature's outbox kind) and as it is sent. */
export interface PendingInquiry extends InquiryRecord {
  /** Its own id: the server stores it once, however often it is sent. */
  readonly id: string
  /** This browser's random id (the hourly bound's 'client'). */
  readonly client: string
  /** The hidden field, sent as it is: the server drops a bot's message and answers all the same. */
  readonly website: string
}

/** The server's answer to one attempt: stored, refused (for good), or no answer (try again later). */
export type Delivery =
  | { readonly kind: 'stored' }
  | { readonly kind: 'refused'; readonly reason: InquiryRefusalReason }
  | { readonly kind: 'no answer' }

export interface InquiriesPort {
  /**
   * One attempt to hand an inquiry to the server (the callable submitInquiry). Never rejects: a failure
   * to even try (offline, the function's code not loaded) is 'no answer'. Keeping it on the device and
   * trying again is the outbox's (src/marketing/inquiry-kind.ts).
   */
  deliver(inquiry: PendingInquiry): Promise<Delivery>
}

/**
 * What the server holds for a parent, read and deleted with the server's own answer (not through the
 * offline queue): 'Download my data' and 'Delete my account' must know what is really there.
 */
export interface AccountDataPort {
  /** The parent's child records on the server. */
  listKids(userId: string): Promise<StoredKid[]>
  /** Deletes a child record on the server; resolves once the server confirms (or it was not there). */
  deleteKid(kidId: string): Promise<void>
  /** Deletes users/{userId} on the server; resolves once the server confirms. */
  deleteUserRecord(userId: string): Promise<void>
}

/** The backend's data kept on this device (Firestore's persistent cache and queue). */
export interface DeviceDataPort {
  /**
   * Removes it all (sign-out, deleted account): the next parent on this device starts clean. Writes
   * still in the queue are lost with it.
   */
  clear(): Promise<void>
}

export interface Backend {
  readonly auth: AuthPort
  readonly inquiries: InquiriesPort
  readonly kids: KidsPort
  readonly photos: PhotoStoragePort
  readonly account: AccountDataPort
  readonly device: DeviceDataPort
  /** The centre's decision about a parent's child, as its owner reads it. */
  readonly registrations: RegistrationsPort
  /** The parent's notices (the centre's decisions), and push to this device. */
  readonly notices: NoticesPort
  readonly push: PushPort
  /** Today's arrivals and collections of the parent's children. */
  readonly childDay: ChildDayPort
  /** The staff screens' port, loaded only when /centre asks for it (its code stays out of the parent area). */
  loadCentre(): Promise<CentrePort>
  /** The door's port (/centre/today), loaded like loadCentre, only by the staff screens. */
  loadAttendance(): Promise<AttendancePort>
}

// Ports for the centre's side (/centre, staff only) and the parent's view of the centre's decision.
// No Firebase types here. The staff port is loaded on demand (Backend.loadCentre), so its adapter code is
// downloaded only by the staff screens, never by the parent area (docs/decisions/0023).
import type { StoredInquiry } from '#shared/records/inquiry-record'
import type { StoredKid } from '#shared/records/kid-record'
import type { Registration, RegistrationDecision } from '#shared/records/registration-record'
import type { QueuedWrite, Unsubscribe } from './port-types'

/** The centre's decision about one child as its owner sees it; 'forbidden' when the rules refuse. */
export type RegistrationListener = (registration: Registration | null | 'forbidden') => void

/** The parent's side: follows registrations/{kidId} for a child of theirs that the server has. */
export interface RegistrationsPort {
  watch(kidId: string, listener: RegistrationListener): Unsubscribe
}

/** A list as last seen: fromCache while it comes from this device, not (yet) from the server. */
export interface Seen<T> {
  readonly items: readonly T[]
  readonly fromCache: boolean
}

/** What the signed-in account may do at /centre. */
export type StaffAccess = 'staff' | 'not-staff' | 'signed-out'

export interface CentrePort {
  /**
   * Whether the signed-in account holds the staff claim. When the token this device holds says no, a
   * fresh one is asked for once (a claim granted since the last sign-in reaches the app only that way);
   * offline, the last token held decides (the server's rules decide every read anyway).
   */
  staffAccess(): Promise<StaffAccess>
  /** Every child record, newest save first, live (from this device's cache first, so offline too). */
  watchChildren(listener: (seen: Seen<StoredKid>) => void, onError: (error: Error) => void): Unsubscribe
  /** Every decision, by child id, live. */
  watchRegistrations(
    listener: (registrations: ReadonlyMap<string, Registration>) => void,
    onError: (error: Error) => void,
  ): Unsubscribe
  /** Every inquiry, newest first, live. */
  watchInquiries(listener: (seen: Seen<StoredInquiry>) => void, onError: (error: Error) => void): Unsubscribe
  /** Writes the decision (the adapter adds who and when); resolves once queued on this device. */
  decide(kidId: string, decision: RegistrationDecision): Promise<QueuedWrite>
  /** Sets an inquiry's handled mark; resolves once queued on this device (offline too). */
  markInquiry(inquiryId: string, handled: boolean): Promise<QueuedWrite>
}

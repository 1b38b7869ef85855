// In-memory fakes of the centre's ports (never imported by the app): a little server of children,
// decisions and inquiries that the staff screens and the parent's card read and write in tests.

import type { QueuedWrite } from '#shared/backend/backend-ports'
import type {
  CentrePort,
  RegistrationListener,
  RegistrationsPort,
  StaffAccess,
} from '#shared/backend/centre-ports'
import type { StoredInquiry } from '#shared/records/inquiry-record'
import type { StoredKid } from '#shared/records/kid-record'
import type { Registration, RegistrationDecision } from '#shared/records/registration-record'

export class FakeCentreServer {
  access: StaffAccess = 'staff'
  staffUid = 'staff-1'
  children: StoredKid[] = []
  inquiries: StoredInquiry[] = []
  readonly registrations = new Map<string, Registration>()
  /** Every write, in order, as 'decide kidId state' / 'mark inquiryId true|false'. */
  readonly writes: string[] = []
  /** While true, writes are queued (kept here, `sent` waits) like Firestore offline. */
  offline = false
  private readonly waiting: (() => void)[] = []
  private readonly listeners = new Set<() => void>()

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  changed(): void {
    for (const listener of this.listeners) listener()
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
    this.registrations.set(kidId, { ...decision, decidedBy: this.staffUid, decidedAt: Date.now() })
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

export function createFakeCentre(server: FakeCentreServer): CentrePort {
  const follow = (send: () => void) => {
    queueMicrotask(send)
    return server.subscribe(send)
  }
  return {
    staffAccess: async () => server.access,
    watchChildren: (listener) =>
      follow(() => listener({ items: server.children, fromCache: server.offline })),
    watchRegistrations: (listener) => follow(() => listener(new Map(server.registrations))),
    watchInquiries: (listener) =>
      follow(() => listener({ items: server.inquiries, fromCache: server.offline })),
    decide: async (kidId, decision) => server.decide(kidId, decision),
    markInquiry: async (inquiryId, handled) => server.mark(inquiryId, handled),
  }
}

export function createFakeRegistrations(server: FakeCentreServer): RegistrationsPort {
  return {
    watch(kidId, listener: RegistrationListener) {
      const send = () => listener(server.registrations.get(kidId) ?? null)
      queueMicrotask(send)
      return server.subscribe(send)
    },
  }
}

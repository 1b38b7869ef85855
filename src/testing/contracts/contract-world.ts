// What every port contract (src/testing/contracts/*-contract.ts) runs against: a backend, the in-memory
// fake (fakes.test.ts, in the unit tests) or the Firebase adapter on the Auth and Firestore emulators
// (tests/contracts/, in `npm run test:emulators`), so that a fake cannot drift from the server. Each
// suite states what it needs in words; each world provides it its own way.
import { expect, vi } from 'vitest'
import type { AuthUser, Backend } from '#shared/backend/backend-ports'
import type { CentrePort } from '#shared/backend/centre-ports'
import type { PushPort } from '#shared/backend/notices-ports'
import { newRandomId } from '#shared/records/ids'
import { birthMonthFor } from '#shared/records/kid-age'
import { photoStoragePath } from '#shared/records/kid-photos'
import { buildKidRecord, defaultKidFields, type KidRecord } from '#shared/records/kid-record'

export interface ContractWorld {
  readonly backend: Backend
  /** The centre's port as a parent without the staff claim gets it. */
  centreForParent(): Promise<CentrePort>
  /** Push on a browser that cannot deliver it (no service worker: the adapter's Node). */
  pushWithoutSupport(): PushPort
  /** Writes a notice for `userId` as the function registrationNotice does (the server's own write). */
  addNotice(userId: string, notice: ServerNotice): Promise<void>
  /** Gives the account the staff claim on a verified e-mail, as scripts/staff.mjs does. */
  makeStaff(uid: string): Promise<void>
  /** Writes inquiryQuota/all as the function submitInquiry does: the times counted and its ceiling. */
  countInquiries(sent: readonly number[], limit: number): Promise<void>
  /** Stores the centre's offer of a place for `kidId`, as staff's decision reaches the server. */
  offerPlace(kidId: string, offer: ServerOffer): Promise<void>
}

/** An offer as staff make it (decided by 'staff-1'). */
export interface ServerOffer {
  readonly offerId: string
  readonly startDate: string
  readonly replyBy: string
}

/** A notice as the function writes it: its time is the server's, and it is unread. */
export interface ServerNotice {
  readonly id: string
  readonly kidId: string
  readonly kidName: string
  readonly text: string
  readonly createdAt: number
}

/** A world per test: the fake's is new each time; the adapter's is the one app of its test file. */
export type MakeWorld = () => Promise<ContractWorld>

export const PASSWORD = 'secret-123'

/** An address no account has yet, in lower case (as Auth keeps it). */
export function newEmail(): string {
  return `parent-${newRandomId(10).toLowerCase()}@example.com`
}

/** Signs a new parent up (and so in). */
export async function signUpParent(world: ContractWorld, name = 'Ada Obi'): Promise<AuthUser> {
  return world.backend.auth.signUp(name, newEmail(), PASSWORD)
}

/** A child record firestore.rules accepts from `userId`. */
export function kidRecord(userId: string, kidName = 'Amara Obi'): KidRecord {
  return buildKidRecord(
    {
      ...defaultKidFields(),
      kidName,
      kidBirthMonth: birthMonthFor(4, 0, new Date()),
      parentName: 'Ada Obi',
      parentAge: '34',
      parentPhone: '+234 802 555 0101',
      address: '12 Palm Close\nUyo',
      plan: 'Weekly',
    },
    [photoStoragePath(userId, 'amara.png', newRandomId())],
    userId,
  )
}

/**
 * The values a listener was given, and a wait for the one a test expects (the server's answer comes
 * when it comes: no fixed sleep).
 */
export function heard<T>(): {
  readonly values: T[]
  push(value: T): void
  until(check: (value: T) => boolean): Promise<T>
} {
  const values: T[] = []
  return {
    values,
    push: (value) => {
      values.push(value)
    },
    until: (check) =>
      vi.waitFor(
        () => {
          const found = values.findLast(check)
          expect(found, `no value yet in ${JSON.stringify(values)}`).toBeDefined()
          return found as T
        },
        { timeout: 10_000, interval: 20 },
      ),
  }
}

/** Whether `promise` rejects, and with what, without an unhandled rejection. */
export async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise
  } catch (error) {
    return error
  }
  throw new Error('It resolved; it was to reject')
}

// What the rules tests of a child's day share (issue 51): the centre's dates now, a child of alice's with
// a place confirmed a month ago, the people at the door and at home.
import type { RulesTestEnvironment } from '@firebase/rules-unit-testing'
import { doc, setDoc, Timestamp } from 'firebase/firestore'
import { addDays, centreDate } from '../../src/shared/records/registration-record'
import { appId, storedKidRecord } from './kid-fixtures'
import { firestoreOf } from './rules-environment'

export const KID = appId('alicekid')

/** The centre's date (UTC+1) `days` from now, as the rules count it. */
export const centreDay = (days = 0) => addDays(centreDate(Date.now()), days)

/** A time `ms` from now, as a device would send it. */
export const at = (ms: number) => Timestamp.fromMillis(Date.now() + ms)
export const MINUTE = 60_000
export const HOUR = 60 * MINUTE
export const DAY = 24 * HOUR

export function people(env: RulesTestEnvironment) {
  const db = firestoreOf
  const staffClaims = (email: string) => ({ email, email_verified: true, staff: true })
  return {
    alice: () => db(env.authenticatedContext('alice', { email: 'alice@example.com' })),
    bob: () => db(env.authenticatedContext('bob', { email: 'bob@example.com' })),
    nobody: () => db(env.unauthenticatedContext()),
    sam: () => db(env.authenticatedContext('sam', staffClaims('sam@sunbeam.test'))),
    tobi: () => db(env.authenticatedContext('tobi', staffClaims('tobi@sunbeam.test'))),
    /** The staff claim on an account whose e-mail nobody proved. */
    unverified: () =>
      db(env.authenticatedContext('eve', { ...staffClaims('sam@sunbeam.test'), email_verified: false })),
  }
}

/** Writes with the rules off, as the server (or an earlier test step) would. */
export async function asServer(env: RulesTestEnvironment, path: string, data: Record<string, unknown>) {
  await env.withSecurityRulesDisabled(async (context) => {
    await setDoc(doc(firestoreOf(context), path), data)
  })
}

/** alice's child, its place confirmed from `startDate` (a month ago by default). */
export async function confirmedChild(env: RulesTestEnvironment, startDate = centreDay(-30)) {
  await asServer(env, `kids/${KID}`, storedKidRecord('alice'))
  await asServer(env, `registrations/${KID}`, {
    state: 'confirmed',
    startDate,
    decidedBy: 'sam',
    decidedAt: Timestamp.now(),
    userRef: 'alice',
  })
}

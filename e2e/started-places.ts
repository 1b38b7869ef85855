// Children with a started place, written as the server holds them (over REST, past the rules), for the
// door's browser tests (today, register, collection codes). A child's record e-mails the centre
// (registrationMail), filling the ten-minute window other tests' e-mails need: the centre's registration
// e-mails are off while such a test runs (`registrationMailsOff`).
import { readFileSync } from 'node:fs'
import { addDays } from '../src/shared/records/registration-record'
import { expect, test } from './fixtures'
import { putServerDocument, type RestValue } from './online-world'

export const stamp = () => Date.now().toString(36) + Math.random().toString(36).slice(2, 8)
/** A child id as the app makes them: 20 letters and digits, after `prefix`. */
export const newKidId = (prefix: string) =>
  `${prefix}${stamp()}`
    .replace(/[^A-Za-z0-9]/g, '')
    .padEnd(20, '0')
    .slice(0, 20)
export const text = (value: string): RestValue => ({ stringValue: value })
export const time = (ms: number): RestValue => ({ timestampValue: new Date(ms).toISOString() })
export const map = (fields: Record<string, RestValue>): RestValue => ({ mapValue: { fields } })

/**
 * Turns the centre's registration e-mails off before each test of the file and back on after it, once
 * registrationMail has decided the e-mail ('off') of each child the test put in `made` (emptied then),
 * as the emulators' log says.
 */
export function registrationMailsOff(made: string[]): void {
  test.beforeEach(async () => {
    await putServerDocument('centre/settings', {
      mailRegistrations: { booleanValue: false },
      mailInquiries: { booleanValue: true },
    })
  })
  test.afterEach(async () => {
    const logged = (kidId: string) => () =>
      readFileSync('test-results/online-emulators.log', 'utf8')
        .split('\n')
        .some((line) => line.includes('"Centre e-mail"') && line.includes(kidId))
    for (const kidId of made.splice(0)) await expect.poll(logged(kidId), { timeout: 30_000 }).toBe(true)
    await putServerDocument('centre/settings', {
      mailRegistrations: { booleanValue: true },
      mailInquiries: { booleanValue: true },
    })
  })
}

/** The centre confirmed the place, which started a week ago (as staff's decision is stored). */
export async function confirmPlace(kidId: string, uid: string, today: string): Promise<void> {
  await putServerDocument(`registrations/${kidId}`, {
    state: text('confirmed'),
    startDate: text(addDays(today, -7)),
    userRef: text(uid),
    decidedBy: text('staff-uid'),
    decidedAt: time(Date.now()),
  })
}

/**
 * A child of `uid` whose confirmed place started a week ago, with an enrolment file naming Ada Obi
 * (Mother) as the one who may collect, and the file's 'must not collect' note.
 */
export async function placeChild(
  uid: string,
  kidId: string,
  kidName: string,
  today: string,
  mustNotCollect = '',
): Promise<void> {
  await putServerDocument(`kids/${kidId}`, {
    kidName: text(kidName),
    userRef: text(uid),
    parentName: text('Ada Obi'),
    parentPhone: text('+234 802 555 0101'),
    plan: text('Weekly'),
    imgUrls: { arrayValue: { values: [] } },
  })
  await confirmPlace(kidId, uid, today)
  await putServerDocument(`enrolments/${kidId}`, {
    userRef: text(uid),
    collectors: {
      arrayValue: {
        values: [map({ name: text('Ada Obi'), relation: text('Mother'), phone: text('+234 802 555 0101') })],
      },
    },
    mustNotCollect: text(mustNotCollect),
    savedAt: time(Date.now()),
  })
}

// A child's day on the server (issue 51; docs/decisions/0073-a-childs-day-on-the-server.md), on the
// Functions emulator beside the real Firestore emulator (scripts/online-emulators.mjs): an arrival and a
// collection stored become the parent's notices in the centre's words (attendanceNotice), and the 10:00
// check asks the parent of a child not seen (run by the test: the emulator fires no schedules). The
// records are written as staff's door would write them, past the rules (tests/rules/attendance.test.ts
// holds the rules); no browser is needed for what the server does. The register's nightly retention
// (functions/src/register-retention-firestore.ts) runs here too, on the same emulator, by the test.
import { runRegisterRetention } from '../functions/src/register-retention'
import { firestoreRegisterRetention } from '../functions/src/register-retention-firestore'
import { centreDay } from '../src/shared/records/attendance-record'
import { clockTime } from '../src/shared/records/attendance-words'
import { registerKeptFrom } from '../src/shared/records/day-settings'
import { adminFirestore } from './admin-firestore'
import { expect, test } from './fixtures'
import { runNotSeenCheckAt } from './not-seen-check'
import { onlineWorld, putServerDocument, type RestValue, serverDocument } from './online-world'
import { newKidId, registrationMailsOff, stamp, time } from './started-places'

const world = onlineWorld()
test.skip(world.notRun !== null, `NOT RUN: ${world.notRun}`)

// The centre's registration e-mails are off while a test runs (e2e/started-places.ts).
const made: string[] = []
registrationMailsOff(made)

/** A child of `uid` whose place is confirmed and started, as staff's decision leaves it. */
async function startedChild(uid: string, kidName: string, day: string): Promise<string> {
  const kidId = newKidId('day')
  made.push(kidId)
  await putServerDocument(`kids/${kidId}`, {
    kidName: { stringValue: kidName },
    userRef: { stringValue: uid },
    plan: { stringValue: 'Weekly' },
    imgUrls: { arrayValue: { values: [] } },
  })
  await putServerDocument(`registrations/${kidId}`, {
    state: { stringValue: 'confirmed' },
    startDate: { stringValue: day },
    userRef: { stringValue: uid },
    decidedBy: { stringValue: 'staff-uid' },
    decidedAt: time(Date.now()),
  })
  return kidId
}

/** An arrival or a collection, as the door's adapter writes it. */
async function recordEvent(
  kidId: string,
  uid: string,
  day: string,
  kind: 'arrival' | 'collection',
  at: number,
  collector: RestValue = { nullValue: null },
): Promise<string> {
  const id = `${kidId}_${day}_${kind}`
  await putServerDocument(`attendance/${id}`, {
    kidId: { stringValue: kidId },
    userRef: { stringValue: uid },
    day: { stringValue: day },
    kind: { stringValue: kind },
    deviceAt: time(at),
    sentAt: time(at),
    serverAt: time(at + 1_000),
    recordedBy: { stringValue: 'staff-uid' },
    collector,
  })
  return id
}

async function notice(uid: string, id: string) {
  const stored = await serverDocument(`users/${uid}/notices/${id}`)
  return stored && { text: stored.fields.text?.stringValue, delivered: stored.fields.delivered?.stringValue }
}

test('an arrival and a collection become the parent’s notices in the centre’s words, not e-mailed', async () => {
  const uid = `day${stamp()}`
  const now = Date.now()
  const day = centreDay(now)
  const kidName = `Amara ${stamp()}`
  const kidId = await startedChild(uid, kidName, day)

  const arrivedAt = now - 60 * 60_000
  const arrival = await recordEvent(kidId, uid, day, 'arrival', arrivedAt)
  const collection = await recordEvent(kidId, uid, day, 'collection', now, {
    mapValue: {
      fields: {
        from: { stringValue: 'file' },
        name: { stringValue: 'Ada Eze' },
        relation: { stringValue: 'aunt' },
        codeChecked: { booleanValue: true },
      },
    },
  })

  // No device and no e-mail: in the app only ('none').
  await expect
    .poll(() => notice(uid, `attendance-${arrival}`), { timeout: 30_000 })
    .toEqual({ text: `${kidName} arrived at ${clockTime(arrivedAt)}.`, delivered: 'none' })
  await expect
    .poll(() => notice(uid, `attendance-${collection}`), { timeout: 30_000 })
    .toEqual({
      text: `${kidName} was collected by Ada Eze (aunt) at ${clockTime(now)}.`,
      delivered: 'none',
    })
})

test('the 10:00 check asks the parent of a child not seen, once; not of one arrived or away', async () => {
  const uid = `seen${stamp()}`
  const day = centreDay(Date.now())
  const here = await startedChild(uid, 'Tobi', day)
  const missing = await startedChild(uid, 'Chidi', day)
  const away = await startedChild(uid, 'Zainab', day)
  await recordEvent(here, uid, day, 'arrival', Date.now())
  // The parent's 'Away today', as their outbox writes it.
  await putServerDocument(`tellTheCentre/${newKidId('msg')}`, {
    kidId: { stringValue: away },
    userRef: { stringValue: uid },
    day: { stringValue: day },
    kind: { stringValue: 'away' },
    reason: { stringValue: 'ill' },
    note: { stringValue: '' },
    collector: { nullValue: null },
    deviceAt: time(Date.now()),
    createdAt: time(Date.now()),
    withdrawnAt: { nullValue: null },
  })
  // 10:00 at the centre (UTC+1) on the test's day.
  const tenOClock = Date.parse(`${day}T09:00:00Z`)

  const children = [here, missing, away]
  expect(await runNotSeenCheckAt(tenOClock - 60_000, children)).toEqual({
    day,
    status: 'not yet',
    at: '10:00',
  })
  const report = await runNotSeenCheckAt(tenOClock, children)
  expect(report).toEqual({ day, status: 'checked', told: [missing], expected: 3 })
  expect(await notice(uid, `not-seen-${missing}-${day}`)).toEqual({
    text: 'We have not seen Chidi today. Is everything all right?',
    delivered: 'none',
  })
  expect(await serverDocument(`users/${uid}/notices/not-seen-${here}-${day}`)).toBeNull()
  expect(await serverDocument(`users/${uid}/notices/not-seen-${away}-${day}`)).toBeNull()
  // Run again: the same one notice.
  await runNotSeenCheckAt(tenOClock + 10 * 60_000, children)
  expect(await notice(uid, `not-seen-${missing}-${day}`)).toEqual({
    text: 'We have not seen Chidi today. Is everything all right?',
    delivered: 'none',
  })
})

test('the nightly retention deletes day records older than the register keeps, a page at a time, once', async () => {
  test.setTimeout(120_000)
  const uid = `kept${stamp()}`
  const now = Date.now()
  const today = centreDay(now)
  // Older than the longest period a centre may set (120 months): gone whatever centre/today says.
  const oldDay = '2001-01-10'
  const kidId = await startedChild(uid, 'Ngozi', today)
  const db = adminFirestore()
  // 501 'Tell the centre' messages of that day (past a page of 500) and one of today, as the outbox
  // writes them (no function follows them).
  const message = (day: string) => ({
    kidId,
    userRef: uid,
    day,
    kind: 'away',
    reason: 'holiday',
    note: '',
    collector: null,
    deviceAt: new Date(now),
    createdAt: new Date(now),
    withdrawnAt: null,
  })
  const oldIds = Array.from({ length: 501 }, (_, i) => `${kidId}_old_${i}`)
  for (let start = 0; start < oldIds.length; start += 250) {
    const batch = db.batch()
    for (const id of oldIds.slice(start, start + 250))
      batch.set(db.doc(`tellTheCentre/${id}`), message(oldDay))
    await batch.commit()
  }
  await db.doc(`tellTheCentre/${kidId}_today`).set(message(today))
  // An arrival of that old day and one of today, as the door writes them.
  const oldArrival = await recordEvent(kidId, uid, oldDay, 'arrival', Date.parse(`${oldDay}T07:30:00Z`))
  const todayArrival = await recordEvent(kidId, uid, today, 'arrival', now)

  const first = await runRegisterRetention(firestoreRegisterRetention(db), now)
  const months = await firestoreRegisterRetention(db).registerMonths()
  expect(first.keptFrom).toBe(registerKeptFrom(today, months))
  expect(first.deleted).toBeGreaterThanOrEqual(502)
  const left = await db.collection('tellTheCentre').where('kidId', '==', kidId).get()
  expect(left.docs.map((doc) => doc.id)).toEqual([`${kidId}_today`])
  expect(await serverDocument(`attendance/${oldArrival}`)).toBeNull()
  expect(await serverDocument(`attendance/${todayArrival}`)).not.toBeNull()

  // Run again (a retried night): nothing of this child's left to delete, today's records kept.
  const second = await runRegisterRetention(firestoreRegisterRetention(db), now)
  expect(second.keptFrom).toBe(first.keptFrom)
  expect(second.deleted).toBe(0)
  expect(await serverDocument(`tellTheCentre/${kidId}_today`)).not.toBeNull()
  expect(await serverDocument(`attendance/${todayArrival}`)).not.toBeNull()
})

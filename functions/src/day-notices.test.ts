// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { attendanceWords, clockTime } from '#shared/records/attendance-words'
import { attendanceNoticeText, noticeOnAttendance } from './day-notices'
import type { NoticePorts } from './notices'
import { fakeMailer, fakeNoticeStore, fakePush, mailConfig } from './testing/fake-mail'

const kidId = 'AmaraKid0000000000AA'
const day = '2026-12-07'
/** 08:12 in Uyo (UTC+1). */
const arrivedAt = Date.parse('2026-12-07T07:12:00Z')
const collectedAt = Date.parse('2026-12-07T15:40:00Z')
const subscription = (endpoint: string) => ({ endpoint, keys: { p256dh: 'p', auth: 'a' } })

/** The event as Firestore hands it to the trigger: times as Timestamps (anything with toMillis). */
const stamp = (ms: number) => ({ toMillis: () => ms })
function stored(kind: 'arrival' | 'collection', at: number, collector: unknown = null, offsetMs = 2_000) {
  return {
    kidId,
    userRef: 'parent1',
    day,
    kind,
    deviceAt: stamp(at),
    sentAt: stamp(at + 1_000),
    serverAt: stamp(at + 1_000 + offsetMs),
    recordedBy: 'staff1',
    collector,
  }
}
const aunt = { from: 'file', name: 'Ada Eze', relation: 'aunt', codeChecked: true }

function world() {
  const fake = fakeNoticeStore()
  fake.kids.set(kidId, { userRef: 'parent1', kidName: 'Amara' })
  fake.contacts.set('parent1', {
    email: 'ngozi@example.com',
    name: 'Ngozi',
    emailNotices: true,
    emailVerified: true,
    unsubscribeToken: 'token1',
  })
  const mailer = fakeMailer()
  const push = fakePush()
  const ports: NoticePorts = {
    store: fake.store,
    mailer,
    push,
    mail: mailConfig,
    pushStandInHosts: ['push.example'],
  }
  return { ...fake, mailer, push, ports }
}

describe('the words of a child’s day', () => {
  const event = { sentAt: null, serverAt: null }
  it('says the centre’s time, 24 hours', () => {
    expect(clockTime(arrivedAt)).toBe('08:12')
    expect(clockTime(Date.parse('2026-12-07T23:05:00Z'))).toBe('00:05')
    expect(attendanceWords({ ...event, kind: 'arrival', collector: null, deviceAt: arrivedAt })).toBe(
      'Arrived at 08:12',
    )
  })

  it('names who collected, as the file or the door named them', () => {
    const other = {
      from: 'other',
      name: 'Chidi Okafor',
      relation: 'neighbour',
      phone: '0803 123 4567',
      allowedBy: { how: 'call', name: 'Ngozi', phone: '0803 765 4321' },
    } as const
    expect(
      attendanceWords({
        ...event,
        kind: 'collection',
        collector: { ...aunt, from: 'file' },
        deviceAt: collectedAt,
      }),
    ).toBe('Collected by Ada Eze (aunt) at 16:40')
    expect(attendanceWords({ ...event, kind: 'collection', collector: other, deviceAt: collectedAt })).toBe(
      'Collected by Chidi Okafor (neighbour) at 16:40',
    )
  })

  it('corrects a door clock more than 10 minutes off, and not one a few seconds off', () => {
    const slow = { kind: 'arrival', collector: null, deviceAt: arrivedAt, sentAt: arrivedAt } as const
    // The door's clock 25 minutes slow: the tap was at 08:37.
    expect(attendanceWords({ ...slow, serverAt: arrivedAt + 25 * 60_000 })).toBe('Arrived at 08:37')
    expect(attendanceWords({ ...slow, serverAt: arrivedAt + 40_000 })).toBe('Arrived at 08:12')
  })

  it('names the child in the notice, and the day when it is not today', () => {
    const arrival = {
      kind: 'arrival',
      collector: null,
      deviceAt: arrivedAt,
      sentAt: null,
      serverAt: null,
      day,
    } as const
    expect(attendanceNoticeText('Amara', arrival, day)).toBe('Amara arrived at 08:12.')
    expect(
      attendanceNoticeText(
        'Amara',
        { ...arrival, kind: 'collection', collector: { ...aunt, from: 'file' }, deviceAt: collectedAt },
        day,
      ),
    ).toBe('Amara was collected by Ada Eze (aunt) at 16:40.')
    // A door offline since Monday sends on Wednesday.
    expect(attendanceNoticeText('Amara', arrival, '2026-12-09')).toBe(
      'Amara arrived at 08:12 on Monday 7 December.',
    )
    expect(attendanceNoticeText(' ', arrival, day)).toBe('Your child arrived at 08:12.')
  })
})

describe('a notice on an arrival or a collection', () => {
  it('is written once, pushed once to the parent’s device, and never e-mailed', async () => {
    const w = world()
    w.devices.set('parent1', [
      { id: 'phone', createdAt: 1, subscription: subscription('https://push.example/p') },
    ])
    const id = `${kidId}_${day}_arrival`

    const first = await noticeOnAttendance(id, stored('arrival', arrivedAt), w.ports, arrivedAt + 5_000)
    // The trigger retried: nothing more written or sent.
    const again = await noticeOnAttendance(id, stored('arrival', arrivedAt), w.ports, arrivedAt + 9_000)

    expect(first).toEqual({ status: 'delivered', id: `attendance-${id}`, via: 'push', removedDevices: 0 })
    expect(again).toMatchObject({ status: 'delivered', via: 'push' })
    expect(w.notices.get(`parent1/attendance-${id}`)).toMatchObject({
      kidId,
      kidName: 'Amara',
      text: 'Amara arrived at 08:12.',
      delivered: 'push',
    })
    expect(w.push.sent).toHaveLength(1)
    expect(JSON.parse(w.push.sent[0]?.payload ?? '{}')).toEqual({
      title: 'Sunbeam Day Care & Baby Care',
      body: 'Amara arrived at 08:12.',
      noticeId: `attendance-${id}`,
      url: `/kid/${kidId}`,
    })
    expect(w.mailer.sent).toHaveLength(0)
  })

  it('stays in the app for a parent without push, with no e-mail', async () => {
    const w = world()
    const id = `${kidId}_${day}_collection`
    const outcome = await noticeOnAttendance(
      id,
      stored('collection', collectedAt, aunt),
      w.ports,
      collectedAt + 5_000,
    )
    expect(outcome).toEqual({ status: 'delivered', id: `attendance-${id}`, via: 'none', removedDevices: 0 })
    expect(w.notices.get(`parent1/attendance-${id}`)?.text).toBe(
      'Amara was collected by Ada Eze (aunt) at 16:40.',
    )
    expect(w.mailer.sent).toHaveLength(0)
  })

  it('tells nobody of a child deleted meanwhile, now another family’s, or of a record the app never writes', async () => {
    const w = world()
    const id = `${kidId}_${day}_arrival`
    w.kids.set(kidId, { userRef: 'someoneElse', kidName: 'Amara' })
    expect(await noticeOnAttendance(id, stored('arrival', arrivedAt), w.ports, arrivedAt)).toEqual({
      status: 'none',
      why: 'no child',
    })
    w.kids.delete(kidId)
    expect(await noticeOnAttendance(id, stored('arrival', arrivedAt), w.ports, arrivedAt)).toEqual({
      status: 'none',
      why: 'no child',
    })
    w.kids.set(kidId, { userRef: 'parent1', kidName: 'Amara' })
    // The id and the fields disagree; an arrival with a collector; no device time.
    for (const [badId, data] of [
      [`${kidId}_2026-12-08_arrival`, stored('arrival', arrivedAt)],
      [id, stored('arrival', arrivedAt, aunt)],
      [id, { ...stored('arrival', arrivedAt), deviceAt: null }],
    ] as const)
      expect(await noticeOnAttendance(badId, data, w.ports, arrivedAt)).toEqual({
        status: 'none',
        why: 'not an event',
      })
    expect(w.notices.size).toBe(0)
  })
})

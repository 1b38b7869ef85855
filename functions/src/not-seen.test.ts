// @vitest-environment node
import { describe, expect, it } from 'vitest'
import {
  childrenNotSeen,
  DEFAULT_NOT_SEEN_AT,
  type NotSeenStore,
  notSeenText,
  type Place,
  parseNotSeenAt,
  runNotSeenCheck,
} from './not-seen'
import type { NoticePorts } from './notices'
import { fakeMailer, fakeNoticeStore, fakePush, mailConfig } from './testing/fake-mail'

const day = '2026-12-07'
/** 10:00 in Uyo (UTC+1) on Monday 7 December. */
const tenOClock = Date.parse('2026-12-07T09:00:00Z')
const subscription = (endpoint: string) => ({ endpoint, keys: { p256dh: 'p', auth: 'a' } })

const place = (
  kidId: string,
  kidName: string,
  startDate = '2026-11-02',
  userRef = `parent-${kidId}`,
): Place => ({
  kidId,
  userRef,
  kidName,
  startDate,
})

function world(options: { notSeenAt?: unknown } = {}) {
  const places: Place[] = [
    place('amara', 'Amara'),
    place('tobi', 'Tobi'),
    place('zainab', 'Zainab'),
    place('chidi', 'Chidi'),
    // Starts next week: not expected yet.
    place('ife', 'Ife', '2026-12-14'),
  ]
  const arrived = new Set(['tobi'])
  const away = new Set(['zainab'])
  const state = { lastChecked: null as string | null, marks: 0 }
  const store: NotSeenStore = {
    async notSeenAt() {
      return parseNotSeenAt({ notSeenAt: options.notSeenAt })
    },
    async lastChecked() {
      return state.lastChecked
    },
    async markChecked(checked) {
      state.lastChecked = checked
      state.marks += 1
    },
    async confirmedPlaces() {
      return places
    },
    async seen(asked) {
      return asked === day ? { arrived, away } : { arrived: new Set(), away: new Set() }
    },
  }
  const fake = fakeNoticeStore()
  fake.contacts.set('parent-amara', {
    email: 'ngozi@example.com',
    name: 'Ngozi',
    emailNotices: true,
    emailVerified: true,
    unsubscribeToken: 't',
  })
  fake.devices.set('parent-amara', [
    { id: 'phone', createdAt: 1, subscription: subscription('https://push.example/amara') },
  ])
  const mailer = fakeMailer()
  const push = fakePush()
  const ports: NoticePorts = {
    store: fake.store,
    mailer,
    push,
    mail: mailConfig,
    pushStandInHosts: ['push.example'],
  }
  return { ...fake, check: store, state, arrived, away, ports, mailer, push }
}

describe('the centre’s time for the check', () => {
  it('is 10:00 unless centre/today sets another the schedule keeps', () => {
    expect(DEFAULT_NOT_SEEN_AT).toBe('10:00')
    expect(parseNotSeenAt(undefined)).toBe('10:00')
    expect(parseNotSeenAt({})).toBe('10:00')
    expect(parseNotSeenAt({ notSeenAt: '09:30' })).toBe('09:30')
    expect(parseNotSeenAt({ notSeenAt: '06:00' })).toBe('06:00')
    expect(parseNotSeenAt({ notSeenAt: '13:50' })).toBe('13:50')
    for (const wrong of ['05:59', '14:00', '9:30', '10:60', '24:00', 930, null])
      expect(parseNotSeenAt({ notSeenAt: wrong })).toBe('10:00')
  })
})

describe('who is not seen', () => {
  it('is a child whose place has started, neither arrived nor reported away', () => {
    const places = [place('a', 'A'), place('b', 'B'), place('c', 'C'), place('d', 'D', '2026-12-08')]
    const seen = { arrived: new Set(['a']), away: new Set(['b']) }
    expect(childrenNotSeen(places, day, seen).map((p) => p.kidId)).toEqual(['c'])
    // Starting today counts.
    expect(childrenNotSeen([place('e', 'E', day)], day, seen).map((p) => p.kidId)).toEqual(['e'])
    // A child record without a family tells nobody.
    expect(childrenNotSeen([place('f', 'F', day, '')], day, seen)).toEqual([])
  })

  it('is asked about in the issue’s words', () => {
    expect(notSeenText('Amara')).toBe('We have not seen Amara today. Is everything all right?')
  })
})

describe('the 10:00 check', () => {
  it('does nothing before the centre’s time', async () => {
    const w = world()
    const report = await runNotSeenCheck(w.check, w.ports, tenOClock - 60_000)
    expect(report).toEqual({ day, status: 'not yet', at: '10:00' })
    expect(w.notices.size).toBe(0)
  })

  it('asks the parent of each child not seen once, by push or in the app, never by e-mail', async () => {
    const w = world()
    const report = await runNotSeenCheck(w.check, w.ports, tenOClock)
    expect(report).toEqual({ day, status: 'checked', told: ['amara', 'chidi'], expected: 4 })
    expect(w.notices.get(`parent-amara/not-seen-amara-${day}`)).toEqual({
      kidId: 'amara',
      kidName: 'Amara',
      text: 'We have not seen Amara today. Is everything all right?',
      delivered: 'push',
      pushedTo: ['phone'],
    })
    expect(w.notices.get(`parent-chidi/not-seen-chidi-${day}`)?.delivered).toBe('none')
    expect(w.notices.size).toBe(2)
    expect(w.push.sent).toHaveLength(1)
    expect(w.mailer.sent).toHaveLength(0)
    expect(w.state).toEqual({ lastChecked: day, marks: 1 })
  })

  it('runs once a day: the later runs stop, and a run twice (the day not marked) sends nothing twice', async () => {
    const w = world()
    await runNotSeenCheck(w.check, w.ports, tenOClock)
    expect(await runNotSeenCheck(w.check, w.ports, tenOClock + 10 * 60_000)).toEqual({
      day,
      status: 'checked already',
    })
    // A run that stopped before it marked the day: the retry writes and pushes nothing again.
    w.state.lastChecked = null
    await runNotSeenCheck(w.check, w.ports, tenOClock + 20 * 60_000)
    expect(w.notices.size).toBe(2)
    expect(w.push.sent).toHaveLength(1)
  })

  it('checks no day on which nobody has arrived yet (closed, or the door not sent), and checks again later', async () => {
    const w = world()
    w.arrived.clear()
    expect(await runNotSeenCheck(w.check, w.ports, tenOClock)).toEqual({ day, status: 'no arrivals yet' })
    expect(w.notices.size).toBe(0)
    expect(w.state.lastChecked).toBe(null)
    // The door comes online at 10:40 with its morning.
    w.arrived.add('tobi').add('chidi')
    const later = await runNotSeenCheck(w.check, w.ports, tenOClock + 50 * 60_000)
    expect(later).toMatchObject({ status: 'checked', told: ['amara'] })
  })

  it('keeps the centre’s own time', async () => {
    const w = world({ notSeenAt: '09:30' })
    expect(await runNotSeenCheck(w.check, w.ports, tenOClock - 31 * 60_000)).toMatchObject({
      status: 'not yet',
      at: '09:30',
    })
    expect(await runNotSeenCheck(w.check, w.ports, tenOClock - 30 * 60_000)).toMatchObject({
      status: 'checked',
    })
  })

  it('run by a test on its own children: only those, and the day left unmarked', async () => {
    const w = world()
    w.state.lastChecked = day
    const report = await runNotSeenCheck(w.check, w.ports, tenOClock, ['chidi', 'tobi'])
    expect(report).toEqual({ day, status: 'checked', told: ['chidi'], expected: 2 })
    expect(w.state.marks).toBe(0)
  })
})

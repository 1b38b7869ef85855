// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { type NoticePorts, noticeOnDecision } from './notices'
import { fakeMailer, fakeNoticeStore, fakePush, mailConfig } from './testing/fake-mail'

const decidedAt = Date.parse('2026-11-27T10:00:00Z')
const confirmed = { state: 'confirmed', startDate: '2027-01-04', decidedAt, decidedBy: 'staff1' }
const subscription = (endpoint: string) => ({ endpoint, keys: { p256dh: 'p', auth: 'a' } })

function world() {
  const fake = fakeNoticeStore()
  fake.kids.set('kid1', { userRef: 'parent1', kidName: 'Amara' })
  fake.contacts.set('parent1', {
    email: 'ngozi@example.com',
    name: 'Ngozi',
    emailNotices: true,
    emailVerified: true,
    unsubscribeToken: 'token1',
  })
  const mailer = fakeMailer()
  const push = fakePush(new Set(['https://push.example/gone']), new Set(['https://push.example/down']))
  // push.example: the tests' stand-in, allowed here as PUSH_STAND_IN_HOSTS allows the online world's.
  const ports: { -readonly [K in keyof NoticePorts]: NoticePorts[K] } = {
    store: fake.store,
    mailer,
    push,
    mail: mailConfig,
    pushStandInHosts: ['push.example'],
  }
  return { ...fake, mailer, push, ports }
}

describe('a notice on the centre decision', () => {
  it('is written once per decision, and e-mailed once to a parent without push', async () => {
    const w = world()
    const first = await noticeOnDecision('kid1', null, confirmed, w.ports, decidedAt + 5)
    expect(first).toEqual({ status: 'delivered', id: `kid1-${decidedAt}`, via: 'email', removedDevices: 0 })
    expect(w.notices.get(`parent1/kid1-${decidedAt}`)).toEqual({
      kidId: 'kid1',
      kidName: 'Amara',
      text: "Amara's place is confirmed from 4 January 2027.",
      delivered: 'email',
    })
    // The trigger retried: nothing more is written or sent.
    await noticeOnDecision('kid1', null, confirmed, w.ports, decidedAt + 9)
    expect(w.notices.size).toBe(1)
    expect(w.mailer.sent).toHaveLength(1)
    const mail = w.mailer.sent[0]
    expect(mail?.to).toBe('ngozi@example.com')
    expect(mail?.subject).toBe('Amara: news from Sunbeam Day Care & Baby Care')
    expect(mail?.text).toContain("Amara's place is confirmed from 4 January 2027.")
    expect(mail?.text).toContain('https://sunbeam.example/kid/kid1')
    expect(mail?.text).toContain('https://functions.example/unsubscribe?u=parent1&t=token1')
    expect(mail?.headers?.['List-Unsubscribe']).toBe(
      '<https://functions.example/unsubscribe?u=parent1&t=token1>',
    )
  })

  it('without e-mail set up (no SMTP_URL), keeps the notice in the parent area and says so', async () => {
    const w = world()
    const outcome = await noticeOnDecision('kid1', null, confirmed, { ...w.ports, mailer: null }, decidedAt)
    expect(outcome).toEqual({
      status: 'delivered',
      id: `kid1-${decidedAt}`,
      via: 'none',
      removedDevices: 0,
      mailNotSetUp: true,
    })
    expect(w.notices.get(`parent1/kid1-${decidedAt}`)?.delivered).toBe('none')
  })

  it('never carries the enrolment file: a confirmation with what is missing says the place only', async () => {
    const w = world()
    const missing = ['The immunisation record (photo or PDF)', 'Medication (or ‘none’)']
    await noticeOnDecision('kid1', null, { ...confirmed, missing }, w.ports, decidedAt + 5)
    const notice = w.notices.get(`parent1/kid1-${decidedAt}`)
    expect(notice?.text).toBe("Amara's place is confirmed from 4 January 2027.")
    const mail = w.mailer.sent[0]
    for (const words of [...missing, 'immunisation', 'Medication']) expect(mail?.text).not.toContain(words)
  })

  it('goes by push to the parent devices instead, and removes a device the push service calls gone', async () => {
    const w = world()
    w.devices.set('parent1', [
      { id: 'phone', createdAt: 1, subscription: subscription('https://push.example/phone') },
      { id: 'old', createdAt: 1, subscription: subscription('https://push.example/gone') },
    ])
    const outcome = await noticeOnDecision('kid1', null, confirmed, w.ports, decidedAt)
    expect(outcome).toMatchObject({ via: 'push', removedDevices: 1 })
    expect(w.push.sent).toHaveLength(1)
    expect(JSON.parse(w.push.sent[0]?.payload ?? '{}')).toEqual({
      title: 'Sunbeam Day Care & Baby Care',
      body: "Amara's place is confirmed from 4 January 2027.",
      noticeId: `kid1-${decidedAt}`,
      url: '/kid/kid1',
    })
    expect(w.devices.get('parent1')?.map((d) => d.id)).toEqual(['phone'])
    expect(w.mailer.sent).toHaveLength(0)
  })

  it('keeps a device whose push service failed once, and still reaches the others', async () => {
    const w = world()
    w.devices.set('parent1', [
      { id: 'down', createdAt: 1, subscription: subscription('https://push.example/down') },
      { id: 'phone', createdAt: 1, subscription: subscription('https://push.example/phone') },
    ])
    expect(await noticeOnDecision('kid1', null, confirmed, w.ports, decidedAt)).toMatchObject({
      via: 'push',
      removedDevices: 0,
    })
    expect(w.devices.get('parent1')?.map((d) => d.id)).toEqual(['down', 'phone'])
  })

  it('falls back to e-mail when every device is gone; nothing at all after unsubscribing', async () => {
    const w = world()
    w.devices.set('parent1', [
      { id: 'old', createdAt: 1, subscription: subscription('https://push.example/gone') },
    ])
    expect(await noticeOnDecision('kid1', null, confirmed, w.ports, decidedAt)).toMatchObject({
      via: 'email',
      removedDevices: 1,
    })
    const quiet = world()
    quiet.contacts.set('parent1', {
      email: 'n@example.com',
      name: '',
      emailNotices: false,
      emailVerified: true,
      unsubscribeToken: 't',
    })
    expect(await noticeOnDecision('kid1', null, confirmed, quiet.ports, decidedAt)).toMatchObject({
      via: 'none',
    })
    expect(quiet.mailer.sent).toHaveLength(0)
    expect(quiet.notices.size).toBe(1)
  })

  it('writes nothing for a deleted decision, a deleted child, the same decision or a state without words', async () => {
    const w = world()
    expect(await noticeOnDecision('kid1', confirmed, null, w.ports, 1)).toEqual({
      status: 'none',
      why: 'no decision',
    })
    expect(await noticeOnDecision('gone', null, confirmed, w.ports, 1)).toEqual({
      status: 'none',
      why: 'no child',
    })
    expect(await noticeOnDecision('kid1', confirmed, { ...confirmed }, w.ports, 1)).toMatchObject({
      status: 'none',
    })
    expect(
      await noticeOnDecision('kid1', null, { ...confirmed, state: 'offered' }, w.ports, 1),
    ).toMatchObject({
      status: 'none',
    })
    expect(w.notices.size).toBe(0)
    expect(w.mailer.sent).toHaveLength(0)
  })

  it('e-mails only a verified address: otherwise the notice says so, and the app asks to verify', async () => {
    const w = world()
    w.contacts.set('parent1', {
      email: 'someone-else@example.com',
      name: 'Ngozi',
      emailNotices: true,
      emailVerified: false,
      unsubscribeToken: 'token1',
    })
    expect(await noticeOnDecision('kid1', null, confirmed, w.ports, decidedAt)).toMatchObject({ via: 'none' })
    expect(w.mailer.sent).toHaveLength(0)
    expect(w.notices.get(`parent1/kid1-${decidedAt}`)).toMatchObject({ delivered: 'none', verifyEmail: true })
    // Control: the same parent, verified, gets the e-mail.
    const verified = world()
    expect(await noticeOnDecision('kid1', null, confirmed, verified.ports, decidedAt)).toMatchObject({
      via: 'email',
    })
    expect(verified.notices.get(`parent1/kid1-${decidedAt}`)?.verifyEmail).toBeUndefined()
  })
})

describe('push bounds (issue 50)', () => {
  const device = (id: string, endpoint: string, createdAt = 1) => ({
    id,
    createdAt,
    subscription: subscription(endpoint),
  })

  it('pushes only to real push services, and removes any other address', async () => {
    const w = world()
    w.ports.pushStandInHosts = []
    w.devices.set('parent1', [
      device('fcm', 'https://fcm.googleapis.com/fcm/send/abc'),
      device('inside', 'https://169.254.169.254/latest/meta-data/'),
      device('admin', 'https://127.0.0.1:8443/admin/delete?all=1'),
      device('site', 'https://push.example/phone'),
    ])
    expect(await noticeOnDecision('kid1', null, confirmed, w.ports, decidedAt)).toMatchObject({
      via: 'push',
      removedDevices: 3,
    })
    expect(w.push.sent.map((sent) => sent.endpoint)).toEqual(['https://fcm.googleapis.com/fcm/send/abc'])
    expect(w.devices.get('parent1')?.map((d) => d.id)).toEqual(['fcm'])
  })

  it('pushes to the newest five devices, removes the older ones', async () => {
    const w = world()
    w.devices.set(
      'parent1',
      Array.from({ length: 8 }, (_, i) => device(`d${i}`, `https://push.example/d${i}`, 100 + i)),
    )
    expect(await noticeOnDecision('kid1', null, confirmed, w.ports, decidedAt)).toMatchObject({
      via: 'push',
      removedDevices: 3,
    })
    expect(w.push.sent.map((sent) => sent.endpoint).sort()).toEqual(
      ['d3', 'd4', 'd5', 'd6', 'd7'].map((d) => `https://push.example/${d}`),
    )
    expect(
      w.devices
        .get('parent1')
        ?.map((d) => d.id)
        .sort(),
    ).toEqual(['d3', 'd4', 'd5', 'd6', 'd7'])
  })

  it('sends in parallel, each within its time: a service that never answers holds nobody up', async () => {
    const w = world()
    const started: string[] = []
    let release = () => {}
    const first = new Promise<void>((resolve) => {
      release = resolve
    })
    w.ports.pushTimeoutMs = 50
    w.ports.push = {
      async send(sub) {
        started.push(sub.endpoint)
        if (sub.endpoint.endsWith('/never')) return new Promise<never>(() => {})
        // The second waits for the first to have started: sequential sends would never get here.
        if (sub.endpoint.endsWith('/b')) release()
        else await first
        return 'sent'
      },
    }
    w.devices.set('parent1', [
      device('never', 'https://push.example/never', 3),
      device('a', 'https://push.example/a', 2),
      device('b', 'https://push.example/b', 1),
    ])
    const before = Date.now()
    expect(await noticeOnDecision('kid1', null, confirmed, w.ports, decidedAt)).toMatchObject({ via: 'push' })
    expect(Date.now() - before).toBeLessThan(5_000)
    expect(started).toHaveLength(3)
    // A device that did not answer is kept (it may answer next time).
    expect(w.devices.get('parent1')).toHaveLength(3)
  })

  it('a retried event never pushes the same notice to a device twice', async () => {
    const w = world()
    w.devices.set('parent1', [device('phone', 'https://push.example/phone')])
    // The first run sent, then stopped before it marked the notice delivered.
    const failingStore = {
      ...w.store,
      async markDelivered(): Promise<void> {
        throw new Error('the function was stopped')
      },
    }
    await expect(
      noticeOnDecision('kid1', null, confirmed, { ...w.ports, store: failingStore }, decidedAt),
    ).rejects.toThrow('stopped')
    expect(w.push.sent).toHaveLength(1)
    // The retry: a new device of the parent's is sent to, the first not again.
    w.devices.set('parent1', [
      device('phone', 'https://push.example/phone'),
      device('tablet', 'https://push.example/tablet', 2),
    ])
    expect(await noticeOnDecision('kid1', null, confirmed, w.ports, decidedAt)).toMatchObject({ via: 'push' })
    expect(w.push.sent.map((sent) => sent.endpoint)).toEqual([
      'https://push.example/phone',
      'https://push.example/tablet',
    ])
    // And once delivered, a third run sends nothing.
    await noticeOnDecision('kid1', null, confirmed, w.ports, decidedAt)
    expect(w.push.sent).toHaveLength(2)
    expect(w.mailer.sent).toHaveLength(0)
  })
})

// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { noticeOnDecision } from './notices'
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
    unsubscribeToken: 'token1',
  })
  const mailer = fakeMailer()
  const push = fakePush(new Set(['https://push.example/gone']), new Set(['https://push.example/down']))
  return { ...fake, mailer, push, ports: { store: fake.store, mailer, push, mail: mailConfig } }
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
      { id: 'phone', subscription: subscription('https://push.example/phone') },
      { id: 'old', subscription: subscription('https://push.example/gone') },
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
      { id: 'down', subscription: subscription('https://push.example/down') },
      { id: 'phone', subscription: subscription('https://push.example/phone') },
    ])
    expect(await noticeOnDecision('kid1', null, confirmed, w.ports, decidedAt)).toMatchObject({
      via: 'push',
      removedDevices: 0,
    })
    expect(w.devices.get('parent1')?.map((d) => d.id)).toEqual(['down', 'phone'])
  })

  it('falls back to e-mail when every device is gone; nothing at all after unsubscribing', async () => {
    const w = world()
    w.devices.set('parent1', [{ id: 'old', subscription: subscription('https://push.example/gone') }])
    expect(await noticeOnDecision('kid1', null, confirmed, w.ports, decidedAt)).toMatchObject({
      via: 'email',
      removedDevices: 1,
    })
    const quiet = world()
    quiet.contacts.set('parent1', {
      email: 'n@example.com',
      name: '',
      emailNotices: false,
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
})

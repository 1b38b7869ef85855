// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { announceToCentre, inquirySummary, registrationSummary, sendCentreDigest } from './centre-mail'
import type { CentreItem } from './mail'
import { fakeCentreMailStore, fakeMailer, mailConfig } from './testing/fake-mail'

const now = Date.parse('2026-11-27T10:00:00Z')
const MINUTE = 60_000
const registration = (id: string): CentreItem => ({
  kind: 'registration',
  id,
  summary: `Child ${id} (Monthly plan)`,
})
const inquiry = (id: string): CentreItem => ({ kind: 'inquiry', id, summary: `Ada Lovelace: visit ${id}` })

describe("the centre's e-mails", () => {
  it('sends one e-mail per new registration and inquiry, to the centre, with a link to /centre', async () => {
    const { store } = fakeCentreMailStore()
    const mailer = fakeMailer()
    const ports = { store, mailer, mail: mailConfig }
    expect(await announceToCentre(registration('r1'), ports, now)).toBe('sent')
    expect(await announceToCentre(inquiry('i1'), ports, now)).toBe('sent')
    // A retried trigger sends nothing more.
    expect(await announceToCentre(inquiry('i1'), ports, now + 1)).toBe('done')
    expect(mailer.sent.map((mail) => [mail.to, mail.subject])).toEqual([
      ['centre@sunbeam.example', 'New registration: Child r1 (Monthly plan)'],
      ['centre@sunbeam.example', 'New inquiry: Ada Lovelace: visit i1'],
    ])
    expect(mailer.sent[0]?.from).toBe('"Sunbeam Day Care & Baby Care" <hello@sunbeam.example>')
    expect(mailer.sent[0]?.text).toContain('https://sunbeam.example/centre')
    expect(mailer.sent[1]?.text).toContain('https://sunbeam.example/centre/inquiries')
    expect(mailer.sent[1]?.html).toContain('<a href="https://sunbeam.example/centre/inquiries">')
  })

  it('keeps the sixth and later within ten minutes for one digest', async () => {
    const { store } = fakeCentreMailStore()
    const mailer = fakeMailer()
    const ports = { store, mailer, mail: mailConfig }
    for (let i = 1; i <= 5; i += 1)
      expect(await announceToCentre(registration(`r${i}`), ports, now + i * MINUTE)).toBe('sent')
    expect(await announceToCentre(registration('r6'), ports, now + 6 * MINUTE)).toBe('digest')
    expect(await announceToCentre(inquiry('i7'), ports, now + 7 * MINUTE)).toBe('digest')
    expect(mailer.sent).toHaveLength(5)
    expect(await sendCentreDigest(ports)).toBe(2)
    expect(mailer.sent[5]?.subject).toBe('1 new registration and 1 new inquiry')
    expect(mailer.sent[5]?.text).toContain('- Registration: Child r6 (Monthly plan)')
    expect(mailer.sent[5]?.text).toContain('- Inquiry: Ada Lovelace: visit i7')
    // Sent once: the next run has nothing.
    expect(await sendCentreDigest(ports)).toBe(0)
    // Ten minutes after the first, single e-mails again.
    expect(await announceToCentre(registration('r8'), ports, now + 11 * MINUTE + 1)).toBe('sent')
  })

  it('without e-mail set up (no SMTP_URL), claims and sends nothing, and does not fail', async () => {
    const { store } = fakeCentreMailStore()
    const ports = { store, mailer: null, mail: mailConfig }
    expect(await announceToCentre(registration('r1'), ports, now)).toBe('no e-mail')
    expect(await sendCentreDigest(ports)).toBe(0)
    // Control: once a Mailer is there, the same item is e-mailed (it was never claimed).
    const mailer = fakeMailer()
    expect(await announceToCentre(registration('r1'), { ...ports, mailer }, now)).toBe('sent')
    expect(mailer.sent).toHaveLength(1)
  })

  it('sends nothing of a kind staff turned off', async () => {
    const { store } = fakeCentreMailStore({ registrations: false, inquiries: true })
    const mailer = fakeMailer()
    const ports = { store, mailer, mail: mailConfig }
    expect(await announceToCentre(registration('r1'), ports, now)).toBe('off')
    expect(await announceToCentre(inquiry('i1'), ports, now)).toBe('sent')
    expect(mailer.sent).toHaveLength(1)
  })

  it('names a child by name and plan only, and an inquiry by sender and subject', () => {
    expect(
      registrationSummary({ kidName: 'Amara', plan: 'Monthly', address: '1 Road', disability: true }),
    ).toBe('Amara (Monthly plan)')
    expect(registrationSummary({})).toBe('A child')
    expect(inquirySummary({ name: 'Ada', lastName: 'Lovelace', subject: 'A visit', message: 'x' })).toBe(
      'Ada Lovelace: A visit',
    )
  })

  it('escapes what senders typed in the HTML', async () => {
    const { store } = fakeCentreMailStore()
    const mailer = fakeMailer()
    await announceToCentre(
      { kind: 'inquiry', id: 'x', summary: '<b>Eve</b> & co' },
      { store, mailer, mail: mailConfig },
      now,
    )
    expect(mailer.sent[0]?.html).toContain('&lt;b&gt;Eve&lt;/b&gt; &amp; co')
    expect(mailer.sent[0]?.html).not.toContain('<b>Eve')
  })
})

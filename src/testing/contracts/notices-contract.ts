// NoticesPort's, PushPort's and CentrePort's contracts, true of the fake and of Firebase alike. The
// centre's lists and counts of what staff read are covered by the browser suite's centre specs: the
// fake's staff view is a store of its own (FakeCentreServer.children), apart from the parent's records.
import { afterEach, describe, expect, it } from 'vitest'
import type { NoticesSeen } from '#shared/backend/notices-ports'
import { newRandomId } from '#shared/records/ids'
import type { Registration } from '#shared/records/registration-record'
import {
  type ContractWorld,
  heard,
  kidRecord,
  type MakeWorld,
  newEmail,
  PASSWORD,
  rejection,
  signUpParent,
} from './contract-world'

export function noticesContract(makeWorld: MakeWorld): void {
  let made: ContractWorld | null = null
  afterEach(async () => {
    await made?.backend.auth.signOut()
    made = null
  })

  describe('NoticesPort', () => {
    it("follows a new parent's notices: none, as the server says", async () => {
      made = await makeWorld()
      const user = await signUpParent(made)
      const seen = heard<NoticesSeen>()
      const stop = made.backend.notices.watch(user.uid, seen.push, (error) => {
        throw error
      })
      const fromServer = await seen.until((notices) => !notices.fromCache)
      expect(fromServer.notices).toEqual([])
      stop()
    })

    it('hears the notices the function writes, newest first, and marks one read with a time', async () => {
      made = await makeWorld()
      const user = await signUpParent(made)
      const kidId = newRandomId()
      const older = { id: `${kidId}-1`, kidId, kidName: 'Amara', text: 'Amara is on the waiting list.' }
      const newer = { id: `${kidId}-2`, kidId, kidName: 'Amara', text: "Amara's place is confirmed." }
      await made.addNotice(user.uid, { ...older, createdAt: Date.parse('2026-12-01T09:00:00Z') })
      await made.addNotice(user.uid, { ...newer, createdAt: Date.parse('2026-12-02T09:00:00Z') })
      const seen = heard<NoticesSeen>()
      const stop = made.backend.notices.watch(user.uid, seen.push, (error) => {
        throw error
      })
      const both = await seen.until((notices) => notices.notices.length === 2)
      expect(both.notices.map(({ id, text, readAt }) => ({ id, text, readAt }))).toEqual([
        { id: newer.id, text: newer.text, readAt: null },
        { id: older.id, text: older.text, readAt: null },
      ])
      expect(both.notices[0]?.createdAt).toBe(Date.parse('2026-12-02T09:00:00Z'))
      await made.backend.notices.markRead(user.uid, newer.id)
      await seen.until(
        (notices) => typeof notices.notices.find((n) => n.id === newer.id)?.readAt === 'number',
      )
      stop()
    })
  })

  describe('PushPort', () => {
    it('says a browser that cannot deliver push is unsupported, and turning it off still resolves', async () => {
      made = await makeWorld()
      const user = await signUpParent(made)
      const push = made.pushWithoutSupport()
      expect(await push.state(user.uid)).toBe('unsupported')
      expect(await push.turnOn(user.uid)).toBe('unsupported')
      await push.turnOff(user.uid, 1_000)
      expect(await push.state(user.uid)).toBe('unsupported')
    })
  })

  describe('CentrePort', () => {
    it('tells a parent without the staff claim they are not staff, and counts nothing for them', async () => {
      made = await makeWorld()
      await signUpParent(made)
      const centre = await made.centreForParent()
      expect(await centre.staffAccess()).toBe('not-staff')
      await rejection(centre.countChildren({ plan: 'all' }))
      await rejection(centre.countInquiries())
      const decision = await centre.decide(newRandomId(), {
        state: 'waitlisted',
        startDate: null,
        waitingSince: '2026-12-06',
      })
      await rejection(decision.sent)
    })

    it("lets staff decide about a parent's child, which the parent then hears", async () => {
      made = await makeWorld()
      const email = newEmail()
      const parent = await made.backend.auth.signUp('Ada Obi', email, PASSWORD)
      const kidId = newRandomId()
      await (await made.backend.kids.saveKid(kidId, kidRecord(parent.uid), { asUser: parent.uid })).sent
      await made.backend.auth.signOut()
      await made.backend.device.clear()

      const staff = await signUpParent(made, 'Bola Staff')
      await made.makeStaff(staff.uid)
      const centre = await made.backend.loadCentre()
      expect(await centre.staffAccess()).toBe('staff')
      const queued = await centre.decide(kidId, {
        state: 'waitlisted',
        startDate: null,
        waitingSince: '2026-12-06',
      })
      await queued.sent
      await made.backend.auth.signOut()
      await made.backend.device.clear()

      await made.backend.auth.signIn(email, PASSWORD)
      const decisions = heard<Registration | null | 'forbidden'>()
      const stop = made.backend.registrations.watch(kidId, decisions.push)
      const heardDecision = await decisions.until((seen) => seen !== null && seen !== 'forbidden')
      expect(heardDecision).toMatchObject({
        state: 'waitlisted',
        waitingSince: '2026-12-06',
        decidedBy: staff.uid,
      })
      stop()
    })
  })
}

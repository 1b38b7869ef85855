// NoticesPort's, PushPort's and CentrePort's contracts as a parent meets them, true of the fake and of
// Firebase alike. What staff do is not here: the staff claim is given by the server's function
// (scripts/staff.mjs), which the emulators of this run do not hold; the e2e suite covers it.
import { afterEach, describe, expect, it } from 'vitest'
import type { NoticesSeen } from '#shared/backend/notices-ports'
import { newRandomId } from '#shared/records/ids'
import { type ContractWorld, heard, type MakeWorld, rejection, signUpParent } from './contract-world'

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
    })
  })
}

// CentrePort's centre-wide settings and counts, true of the fake and of the adapter with firestore.rules:
// the retention period (centre/retention: staff only, 30 to 3650 days, 180 while unset) and the overall
// hourly count of inquiries (inquiryQuota/all: written by the function only, read by staff only).
import { describe, expect, it } from 'vitest'
import type { InquiryQuota } from '#shared/records/inquiry-quota'
import { DEFAULT_RETENTION_DAYS } from '#shared/records/retention-settings'
import { type ContractWorld, heard, type MakeWorld, rejection, signUpParent } from './contract-world'

async function asStaff(world: ContractWorld) {
  const staff = await signUpParent(world, 'Bola Staff')
  await world.makeStaff(staff.uid)
  const centre = await world.backend.loadCentre()
  expect(await centre.staffAccess()).toBe('staff')
  return centre
}

export function centreSettingsContract(makeWorld: MakeWorld): void {
  describe('CentrePort: the centre’s settings and counts', () => {
    it('gives staff 180 days while unset, sets a period within bounds, refuses one outside them', async () => {
      const world = await makeWorld()
      const centre = await asStaff(world)
      const days = heard<number>()
      const stop = centre.watchRetentionDays(days.push, (error) => {
        throw error
      })
      // The adapter's emulator is fresh for each run, and no other test sets the period.
      await days.until((seen) => seen === DEFAULT_RETENTION_DAYS)
      await (await centre.setRetentionDays(45)).sent
      await days.until((seen) => seen === 45)
      await rejection((await centre.setRetentionDays(29)).sent)
      await rejection((await centre.setRetentionDays(3651)).sent)
      // The control: the bounds themselves are allowed.
      await (await centre.setRetentionDays(3650)).sent
      await days.until((seen) => seen === 3650)
      await (await centre.setRetentionDays(30)).sent
      await days.until((seen) => seen === 30)
      stop()
    })

    it('lets no parent without the staff claim read or set the period, or read the count', async () => {
      const world = await makeWorld()
      await signUpParent(world)
      const centre = await world.centreForParent()
      const refused = heard<Error>()
      const stopDays = centre.watchRetentionDays(() => undefined, refused.push)
      await refused.until(() => true)
      stopDays()
      await rejection((await centre.setRetentionDays(90)).sent)
      const refusedCount = heard<Error>()
      const stopCount = centre.watchInquiryQuota(() => undefined, refusedCount.push)
      await refusedCount.until(() => true)
      stopCount()
    })

    it("gives staff the function's hourly count of inquiries, null before the first", async () => {
      const world = await makeWorld()
      const centre = await asStaff(world)
      const quotas = heard<InquiryQuota | null>()
      const stop = centre.watchInquiryQuota(quotas.push, (error) => {
        throw error
      })
      // Before any inquiry (the adapter's emulator is fresh, and the contracts send none to the function).
      await quotas.until((seen) => seen === null)
      const now = Date.now()
      await world.countInquiries([now - 60_000, now], 60)
      const quota = await quotas.until((seen) => seen !== null)
      expect(quota).toEqual({ sent: [now - 60_000, now], limit: 60 })
      stop()
    })
  })
}

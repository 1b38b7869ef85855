// RegistrationsPort's contract (the parent's side of the centre's decision), true of the fake and of
// Firestore with this repository's rules alike.
import { afterEach, describe, expect, it } from 'vitest'
import { BackendError, WRONG_ACCOUNT } from '#shared/backend/kids-ports'
import { emptyEnrolmentFields, type StoredEnrolment } from '#shared/records/enrolment-record'
import { newRandomId } from '#shared/records/ids'
import type { Registration } from '#shared/records/registration-record'
import type { Reply } from '#shared/records/reply-record'
import {
  type ContractWorld,
  heard,
  kidRecord,
  type MakeWorld,
  rejection,
  signUpParent,
} from './contract-world'

export function registrationsContract(makeWorld: MakeWorld): void {
  let made: ContractWorld | null = null
  afterEach(async () => {
    await made?.backend.auth.signOut()
    made = null
  })
  /** A parent signed in with one child on the server, nothing decided about it. */
  const parentWithChild = async () => {
    made = await makeWorld()
    const user = await signUpParent(made)
    const kidId = newRandomId()
    await (await made.backend.kids.saveKid(kidId, kidRecord(user.uid), { asUser: user.uid })).sent
    return { backend: made.backend, user, kidId }
  }

  describe('RegistrationsPort', () => {
    it("says nothing is decided about the parent's own child yet, live and on the server", async () => {
      const { backend, user, kidId } = await parentWithChild()
      const decisions = heard<Registration | null | 'forbidden'>()
      const files = heard<StoredEnrolment | null | 'forbidden'>()
      const replies = heard<Reply | null>()
      const stops = [
        backend.registrations.watch(kidId, decisions.push),
        backend.registrations.watchEnrolment(kidId, user.uid, files.push),
        backend.registrations.watchReply(kidId, 'offer-1', replies.push),
      ]
      await decisions.until((seen) => seen === null)
      await files.until((seen) => seen === null)
      await replies.until((seen) => seen === null)
      expect(decisions.values).not.toContain('forbidden')
      expect(await backend.registrations.readFromServer(kidId, 'offer-1')).toEqual({
        registration: null,
        reply: null,
      })
      for (const stop of stops) stop()
    })

    it("refuses another parent's child: its decision and its file are forbidden", async () => {
      const { backend, kidId } = await parentWithChild()
      await backend.auth.signOut()
      await backend.device.clear()
      const other = await signUpParent(made as ContractWorld, 'Ngozi Eze')
      const decisions = heard<Registration | null | 'forbidden'>()
      const files = heard<StoredEnrolment | null | 'forbidden'>()
      const stops = [
        backend.registrations.watch(kidId, decisions.push),
        backend.registrations.watchEnrolment(kidId, other.uid, files.push),
      ]
      await decisions.until((seen) => seen === 'forbidden')
      await files.until((seen) => seen === 'forbidden')
      for (const stop of stops) stop()
    })

    it('takes one answer to an offer, and then the enrolment file', async () => {
      const { backend, user, kidId } = await parentWithChild()
      const offerId = newRandomId()
      await (made as ContractWorld).offerPlace(kidId, {
        offerId,
        startDate: '2099-01-05',
        replyBy: '2098-12-20',
      })
      const decisions = heard<Registration | null | 'forbidden'>()
      const replies = heard<Reply | null>()
      const files = heard<StoredEnrolment | null | 'forbidden'>()
      const stops = [
        backend.registrations.watch(kidId, decisions.push),
        backend.registrations.watchReply(kidId, offerId, replies.push),
        backend.registrations.watchEnrolment(kidId, user.uid, files.push),
      ]
      const offered = await decisions.until((seen) => seen !== null && seen !== 'forbidden')
      expect(offered).toMatchObject({
        state: 'offered',
        offerId,
        startDate: '2099-01-05',
        replyBy: '2098-12-20',
      })
      await backend.registrations.sendReply(kidId, offerId, 'accepted', { asUser: user.uid })
      await replies.until((seen) => seen === 'accepted')
      // A reply is created once, never changed.
      const again = await rejection(
        backend.registrations.sendReply(kidId, offerId, 'declined', { asUser: user.uid }),
      )
      expect(again).toMatchObject({ permanent: true })
      expect(await backend.registrations.readFromServer(kidId, offerId)).toMatchObject({
        registration: { state: 'offered', offerId },
        reply: 'accepted',
      })
      const file = { ...emptyEnrolmentFields(), allergies: 'Peanuts', userRef: user.uid }
      await backend.registrations.saveEnrolment(kidId, file, { asUser: user.uid })
      const saved = await files.until((seen) => seen !== null && seen !== 'forbidden')
      expect(saved).toMatchObject({ kidId, allergies: 'Peanuts', userRef: user.uid })
      for (const stop of stops) stop()
      // The file was created while its listener was open: a new listener (a page opened after, or a
      // reload) hears it too, never 'no file' (firebase-tools #3867, src/firebase/firebase-registrations.ts).
      const reopened = heard<StoredEnrolment | null | 'forbidden'>()
      const stop = backend.registrations.watchEnrolment(kidId, user.uid, reopened.push)
      expect(await reopened.until(() => true)).toMatchObject({ kidId, allergies: 'Peanuts' })
      stop()
    })

    it('refuses a reply to a question the centre never asked, for good', async () => {
      const { backend, user, kidId } = await parentWithChild()
      const error = await rejection(
        backend.registrations.sendReply(kidId, 'offer-1', 'accepted', { asUser: user.uid }),
      )
      expect(error).toBeInstanceOf(BackendError)
      expect(error).toMatchObject({ permanent: true })
    })

    it('refuses an enrolment file before a place is accepted, for good', async () => {
      const { backend, user, kidId } = await parentWithChild()
      const error = await rejection(
        backend.registrations.saveEnrolment(
          kidId,
          { ...emptyEnrolmentFields(), userRef: user.uid },
          { asUser: user.uid },
        ),
      )
      expect(error).toBeInstanceOf(BackendError)
      expect(error).toMatchObject({ permanent: true })
    })

    it('refuses a reply or a file for another account than the signed-in one', async () => {
      const { backend, user, kidId } = await parentWithChild()
      const asOther = { asUser: 'someone-else' }
      const reply = await rejection(backend.registrations.sendReply(kidId, 'offer-1', 'accepted', asOther))
      expect(reply).toMatchObject({ code: WRONG_ACCOUNT })
      const file = await rejection(
        backend.registrations.saveEnrolment(kidId, { ...emptyEnrolmentFields(), userRef: user.uid }, asOther),
      )
      expect(file).toMatchObject({ code: WRONG_ACCOUNT })
    })
  })
}

// The port contracts (src/testing/contracts/) against the in-memory fakes every component and outbox
// test uses; tests/contracts/firebase-adapter.test.ts runs the same suites against the Firebase adapter
// on the emulators (npm run test:emulators): what passes here and fails there is the fake's drift.
import { describe } from 'vitest'
import { createFakeBackend } from '#testing/backend/fake-backend'
import { FakePhotoStorage } from '#testing/backend/fake-kids-ports'
import { FakePush } from '#testing/backend/fake-notices-ports'
import { type AttendanceWorld, attendanceContract } from './attendance-contract'
import { authContract } from './auth-contract'
import { centreSettingsContract } from './centre-settings-contract'
import { inquiriesContract } from './inquiries-contract'
import { kidsContract } from './kids-contract'
import { noticesContract } from './notices-contract'
import { photosContract } from './photos-contract'
import { registrationsContract } from './registrations-contract'

async function fakeWorld(): Promise<AttendanceWorld> {
  const backend = createFakeBackend()
  return {
    backend,
    placeChild: async ({ collectors, ...child }) => {
      backend.attendance.children.push({ ...child, collectors: [...collectors] })
      backend.attendance.changed()
    },
    addCodeChecks: async (kidId, _userRef, people) => {
      backend.attendance.codeChecks.set(kidId, people)
      backend.attendance.changed()
    },
    addMessage: async (message) => {
      backend.attendance.messages.push(message)
      backend.attendance.changed()
    },
    addEvents: async (events) => {
      for (const event of events) backend.attendance.events.set(event.id, event)
      backend.attendance.changed()
    },
    centreForParent: async () => {
      // The fake's staff access is the test's to set: this world's parent holds no staff claim.
      backend.centre.access = 'not-staff'
      return backend.loadCentre()
    },
    pushWithoutSupport: () => {
      const push = new FakePush()
      push.support = 'unsupported'
      return push
    },
    addNotice: async (userId, notice) => backend.notices.add(userId, notice),
    makeStaff: async (uid) => {
      // The fake's staff are whoever is signed in while access is 'staff', signing as staffUid.
      backend.centre.access = 'staff'
      backend.centre.staffUid = uid
    },
    countInquiries: async (sent, limit) => {
      backend.centre.inquiryQuota = { sent: [...sent], limit }
      backend.centre.changed()
    },
    offerPlace: async (kidId, offer) => {
      backend.centre.registrations.set(kidId, {
        state: 'offered',
        ...offer,
        waitingSince: null,
        reason: null,
        lapsedOn: null,
        askId: null,
        askedAt: null,
        missing: [],
        decidedBy: 'staff-1',
        decidedAt: Date.now(),
        decidedOn: null,
      })
      backend.centre.changed()
    },
  }
}

describe('the fakes keep the ports’ contracts', () => {
  authContract(fakeWorld)
  kidsContract(fakeWorld)
  registrationsContract(fakeWorld)
  noticesContract(fakeWorld)
  inquiriesContract(fakeWorld, { delivers: true })
  centreSettingsContract(fakeWorld)
  attendanceContract(fakeWorld)
  photosContract(async () => ({ photos: new FakePhotoStorage(), userId: 'parent-1' }))
})

// The port contracts (src/testing/contracts/) against the in-memory fakes every component and outbox
// test uses; tests/contracts/firebase-adapter.test.ts runs the same suites against the Firebase adapter
// on the emulators (npm run test:emulators): what passes here and fails there is the fake's drift.
import { describe } from 'vitest'
import { deferCentrePort } from '#shared/backend/deferred-centre-port'
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

/**
 * The centre's port as the door's device-first start hands it out before it has loaded (decision 0088):
 * every suite that uses the centre's port, through the stand-in, its port coming a moment later.
 */
async function deferredCentreWorld(): Promise<AttendanceWorld> {
  const world = await fakeWorld()
  const backend = world.backend
  const loadCentre = () =>
    Promise.resolve(
      deferCentrePort(new Promise((resolve) => setTimeout(() => resolve(backend.loadCentre()), 5))),
    )
  return {
    ...world,
    backend: { ...backend, loadCentre },
    centreForParent: async () => deferCentrePort(world.centreForParent()),
  }
}

describe('the centre’s port, answered before it has loaded, keeps its contracts', () => {
  registrationsContract(deferredCentreWorld)
  inquiriesContract(deferredCentreWorld, { delivers: true })
  centreSettingsContract(deferredCentreWorld)
})

// The port contracts (src/testing/contracts/) against the Firebase adapter (src/firebase/) on the Auth
// and Firestore emulators that scripts/test-emulators.mjs starts (npm run test:emulators, a step of
// npm test), with firestore.rules: the same suites the fakes pass in the unit tests
// (src/testing/contracts/fakes.test.ts), so a fake that drifts from the server fails one of the two.
// One app per file (the adapter's Firebase app is made once); each test signs a new parent up.
// Storage has no emulator here: PhotoStoragePort's contract runs on the fake only (photos-contract.ts),
// and inquiries' delivery needs the functions' emulator (inquiries-contract.ts).
import { describe } from 'vitest'
import { getFirebase } from '#firebase/firebase-app'
import { createFirebaseBackend } from '#firebase/firebase-backend'
import { createFirebasePush } from '#firebase/firebase-push'
import type { Backend } from '#shared/backend/backend-ports'
import { type AttendanceWorld, attendanceContract } from '#testing/contracts/attendance-contract'
import { authContract } from '#testing/contracts/auth-contract'
import { centreSettingsContract } from '#testing/contracts/centre-settings-contract'
import { inquiriesContract } from '#testing/contracts/inquiries-contract'
import { kidsContract } from '#testing/contracts/kids-contract'
import { noticesContract } from '#testing/contracts/notices-contract'
import { registrationsContract } from '#testing/contracts/registrations-contract'

let backend: Promise<Backend> | null = null

/** A field in Firestore's REST encoding (what these writes use of it). */
type RestValue =
  | { readonly stringValue: string }
  | { readonly timestampValue: string }
  | { readonly nullValue: null }
  | { readonly integerValue: string }
  | { readonly arrayValue: { readonly values: readonly RestValue[] } }
  | { readonly mapValue: { readonly fields: Record<string, RestValue> } }
  | { readonly booleanValue: boolean }

const text = (value: string): RestValue => ({ stringValue: value })
const time = (ms: number): RestValue => ({ timestampValue: new Date(ms).toISOString() })
const map = (fields: Record<string, RestValue>): RestValue => ({ mapValue: { fields } })
const list = (values: readonly RestValue[]): RestValue => ({ arrayValue: { values } })

/** A write past the rules, as the functions' Admin SDK makes it: the emulator's REST API as its owner. */
async function writeAsServer(path: string, fields: Record<string, RestValue>): Promise<void> {
  const port = import.meta.env.VITE_FIREBASE_FIRESTORE_EMULATOR_PORT
  const url = `http://127.0.0.1:${port}/v1/projects/demo-sunbeam/databases/(default)/documents/${path}`
  const response = await fetch(url, {
    method: 'PATCH',
    headers: { Authorization: 'Bearer owner', 'content-type': 'application/json' },
    body: JSON.stringify({ fields }),
  })
  if (!response.ok) throw new Error(`The emulator refused the server's write: ${response.status}`)
}

/** Many writes past the rules in one request each 500 (the REST API's commit, as its owner). */
async function commitAsServer(
  docs: readonly (readonly [string, Record<string, RestValue>])[],
): Promise<void> {
  const port = import.meta.env.VITE_FIREBASE_FIRESTORE_EMULATOR_PORT
  const root = 'projects/demo-sunbeam/databases/(default)/documents'
  for (let at = 0; at < docs.length; at += 500) {
    const writes = docs
      .slice(at, at + 500)
      .map(([path, fields]) => ({ update: { name: `${root}/${path}`, fields } }))
    const response = await fetch(`http://127.0.0.1:${port}/v1/${root}:commit`, {
      method: 'POST',
      headers: { Authorization: 'Bearer owner', 'content-type': 'application/json' },
      body: JSON.stringify({ writes }),
    })
    if (!response.ok) throw new Error(`The emulator refused the server's writes: ${response.status}`)
  }
}

async function adapterWorld(): Promise<AttendanceWorld> {
  // The parent area's start, without a remembered parent (each test signs one up).
  backend ??= createFirebaseBackend({ primeParent: false })
  const ready = await backend
  const services = await getFirebase()
  return {
    backend: ready,
    // The child, its confirmed place and its file, as the parent's and staff's writes leave them.
    placeChild: async (place) => {
      await writeAsServer(`kids/${place.kidId}`, {
        userRef: text(place.userRef),
        kidName: text(place.kidName),
        parentName: text(place.parentName),
        parentPhone: text(place.parentPhone),
        timestamp: time(Date.now()),
      })
      await writeAsServer(`registrations/${place.kidId}`, {
        state: text('confirmed'),
        startDate: text(place.startDate),
        decidedBy: text('staff-1'),
        decidedAt: time(Date.now()),
      })
      await writeAsServer(`enrolments/${place.kidId}`, {
        userRef: text(place.userRef),
        collectors: list(
          place.collectors.map((p) =>
            map({ name: text(p.name), relation: text(p.relation), phone: text(p.phone) }),
          ),
        ),
        mustNotCollect: text(place.mustNotCollect),
        savedAt: time(Date.now()),
      })
    },
    addCodeChecks: (kidId, userRef, people) =>
      writeAsServer(`codeChecks/${kidId}`, {
        userRef: text(userRef),
        savedAt: time(Date.now()),
        people: list(
          people.map((p) =>
            map({
              name: text(p.name),
              relation: text(p.relation),
              salt: text(p.salt),
              hash: text(p.hash),
              iterations: { integerValue: String(p.iterations) },
            }),
          ),
        ),
      }),
    addMessage: (m) =>
      writeAsServer(`tellTheCentre/${m.id}`, {
        kidId: text(m.kidId),
        userRef: text(m.userRef),
        day: text(m.day),
        kind: text(m.fields.kind),
        reason: m.fields.kind === 'away' ? text(m.fields.reason) : { nullValue: null },
        note: text(m.fields.note),
        collector:
          m.fields.kind === 'someone-else'
            ? map({
                name: text(m.fields.name),
                relation: text(m.fields.relation),
                phone: text(m.fields.phone),
              })
            : { nullValue: null },
        deviceAt: time(m.deviceAt),
        createdAt: time(m.createdAt ?? Date.now()),
        withdrawnAt: { nullValue: null },
      }),
    addEvents: (events) =>
      commitAsServer(
        events.map((e) => [
          `attendance/${e.id}`,
          {
            kidId: text(e.kidId),
            userRef: text(e.userRef),
            day: text(e.day),
            kind: text(e.kind),
            deviceAt: time(e.deviceAt),
            sentAt: e.sentAt === null ? { nullValue: null } : time(e.sentAt),
            serverAt: e.serverAt === null ? { nullValue: null } : time(e.serverAt),
            recordedBy: text(e.recordedBy),
            // Arrivals only here: a collection's collector is the door's adapter's to write.
            collector: { nullValue: null },
          },
        ]),
      ),
    centreForParent: () => ready.loadCentre(),
    // jsdom has no service worker: the adapter's own answer for such a browser.
    pushWithoutSupport: () => createFirebasePush(services),
    addNotice: (userId, notice) =>
      writeAsServer(`users/${userId}/notices/${notice.id}`, {
        kidId: { stringValue: notice.kidId },
        kidName: { stringValue: notice.kidName },
        text: { stringValue: notice.text },
        createdAt: { timestampValue: new Date(notice.createdAt).toISOString() },
        readAt: { nullValue: null },
      }),
    makeStaff: async (uid) => {
      const port = import.meta.env.VITE_FIREBASE_AUTH_EMULATOR_PORT
      const url = `http://127.0.0.1:${port}/identitytoolkit.googleapis.com/v1/projects/demo-sunbeam/accounts:update`
      const response = await fetch(url, {
        method: 'POST',
        headers: { Authorization: 'Bearer owner', 'content-type': 'application/json' },
        body: JSON.stringify({ localId: uid, customAttributes: '{"staff":true}', emailVerified: true }),
      })
      if (!response.ok) throw new Error(`The Auth emulator refused the staff claim: ${response.status}`)
    },
    countInquiries: (sent, limit) =>
      writeAsServer('inquiryQuota/all', {
        sent: { arrayValue: { values: sent.map((at) => ({ integerValue: String(at) })) } },
        limit: { integerValue: String(limit) },
        expiresAt: { timestampValue: new Date(Date.now() + 60 * 60 * 1000).toISOString() },
      }),
    offerPlace: (kidId, offer) =>
      writeAsServer(`registrations/${kidId}`, {
        state: { stringValue: 'offered' },
        offerId: { stringValue: offer.offerId },
        startDate: { stringValue: offer.startDate },
        replyBy: { stringValue: offer.replyBy },
        decidedBy: { stringValue: 'staff-1' },
        decidedAt: { timestampValue: new Date().toISOString() },
      }),
  }
}

describe('the Firebase adapter keeps the ports’ contracts', () => {
  authContract(adapterWorld)
  kidsContract(adapterWorld)
  registrationsContract(adapterWorld)
  noticesContract(adapterWorld)
  inquiriesContract(adapterWorld, { delivers: false })
  centreSettingsContract(adapterWorld)
  attendanceContract(adapterWorld)
})

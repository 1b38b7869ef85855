// The nightly enrolment schedule (functions/src/enrolment-schedule.ts), run by a browser test against the
// online world's Firestore emulator: the Functions emulator loads `enrolmentSchedule` but does not fire
// schedules, so the test calls the same module, with the same Firestore adapter, through the Admin SDK,
// at a moment of its choosing (`now`), limited to its own child (other tests share the emulator).
import { getApps, initializeApp } from 'firebase-admin/app'
import { getFirestore } from 'firebase-admin/firestore'
import { firestoreEnrolment } from '../functions/src/enrolment-firestore'
import { runEnrolmentSchedule, type ScheduleReport } from '../functions/src/enrolment-schedule'
import { ONLINE_FIRESTORE_PORT } from './online-world'

const APP_NAME = 'enrolment-schedule-test'

function adminDb() {
  // The Admin SDK finds the emulator through this variable, as firebase-tools sets it for the functions.
  process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${ONLINE_FIRESTORE_PORT}`
  const app =
    getApps().find((candidate) => candidate.name === APP_NAME) ??
    initializeApp({ projectId: 'demo-sunbeam' }, APP_NAME)
  return getFirestore(app)
}

/** Runs the schedule as if it were `now` (ms), for these children only. */
export function runScheduleAt(now: number, kidIds: readonly string[]): Promise<ScheduleReport> {
  return runEnrolmentSchedule(firestoreEnrolment(adminDb()), now, kidIds)
}

// The door's start-up hint (decision 0078): while attendance jobs wait on this device, localStorage holds
// sunbeam.attendance.pending, which the app's entry looks for on every page (src/app/start-outbox.ts), so
// jobs left when the door's tab closed are sent from whatever page opens next. The door's runtime is its
// one writer. Imports nothing: the start-up code that asks for it stays small.

export const ATTENDANCE_HINT_KEY = 'sunbeam.attendance.pending'

export function writeAttendanceHint(count: number): void {
  try {
    if (count > 0) localStorage.setItem(ATTENDANCE_HINT_KEY, String(count))
    else localStorage.removeItem(ATTENDANCE_HINT_KEY)
  } catch {
    // No storage (private mode, quota): the jobs are then sent when /centre opens again.
  }
}

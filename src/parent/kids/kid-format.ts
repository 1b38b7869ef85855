// How a child's details read on screen.
import type { KidPlan } from '#shared/records/kid-record'

/** Ages are shown in years ('4 years'); a value that already says years is shown as typed. */
export function formatYears(age: string): string {
  return /\byears?\b/i.test(age) ? age : `${age} years`
}

/** A plan the app does not offer (kept from the stored record) reads the same way: 'Yearly Plan'. */
export function formatPlan(plan: KidPlan | string): string {
  return `${plan} Plan`
}

// The plans a child record may hold, apart from the rest of the record (kid-record.ts re-exports them):
// the route tree, which every page loads, checks a chosen plan (?plan=) with this and nothing more.
export const KID_PLANS = ['Monthly', 'Weekly', 'Daily'] as const

export type KidPlan = (typeof KID_PLANS)[number]

export function isKidPlan(value: unknown): value is KidPlan {
  return (KID_PLANS as readonly unknown[]).includes(value)
}

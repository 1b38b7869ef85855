// The three daycare plans. The home page ('Our Daycare Plans') and /pricing render
// these through the same <PlanCard>, so a price is changed in one place only.

/** The plan names a child record uses: Monthly, Weekly or Daily. */
export type PlanName = 'Monthly' | 'Weekly' | 'Daily'

export interface Plan {
  readonly name: PlanName
  /** Shown as the card title, e.g. 'Monthly Plan'. */
  readonly title: string
  /** Whole US dollars. */
  readonly price: number
  readonly summary: string
  readonly inclusions: readonly string[]
}

/** Every plan includes the same care; the plans differ in how a family books and pays. */
export const planInclusions: readonly string[] = [
  '9am-3pm care',
  '3 meals a day',
  'Science Classes',
  '2 Educators',
]

export const plans: readonly Plan[] = [
  {
    name: 'Monthly',
    title: 'Monthly Plan',
    price: 35,
    summary: 'A settled routine for families who need care every week of the month.',
    inclusions: planInclusions,
  },
  {
    name: 'Weekly',
    title: 'Weekly Plan',
    price: 55,
    summary: 'Flexible weeks for families whose schedules change with the seasons.',
    inclusions: planInclusions,
  },
  {
    name: 'Daily',
    title: 'Daily Plan',
    price: 65,
    summary: 'Book single days when you need an extra pair of loving hands.',
    inclusions: planInclusions,
  },
]

export function formatPrice(dollars: number): string {
  return `$${dollars}`
}

// What the marketing specs check against: the centre's contact details, every marketing page with its
// heading, and small readers of links and texts.
import { expect, type Locator } from '@playwright/test'

// The build's default contact details (src/shared/config/site-config.ts; the suite builds without
// VITE_ overrides).
export const phone = '+234 800 555 0142'
export const email = 'hello@sunbeam-daycare.example'

export const marketingPages: [path: string, h1: string][] = [
  ['/', 'A Warm Nursing Environment'],
  ['/about', 'About Us'],
  ['/pricing', 'Pricing'],
  ['/team', 'Our Team'],
  ['/blog', 'Our Blog'],
  ['/blog/1', 'Settling In: A Gentle First Week at Day Care'],
  ['/blog/2', 'Five Lunchbox Ideas Toddlers Actually Eat'],
  ['/blog/3', 'Why Messy Play Matters'],
  ['/blog/4', 'Building a Calm Bedtime Routine'],
  ['/blog/5', 'Reading Together: Ten Minutes That Matter'],
  ['/blog/6', 'Rainy Day, Happy Day: Indoor Games'],
  ['/contact', 'Contact Us'],
]

export const hrefs = (links: Locator) => links.evaluateAll((els) => els.map((el) => el.getAttribute('href')))
export const texts = (items: Locator) => items.evaluateAll((els) => els.map((el) => el.textContent?.trim()))

export async function expectThreePlans(scope: Locator) {
  const cards = scope.locator('.plan-card')
  await expect(cards).toHaveCount(3)
  expect(await texts(cards.locator('h3'))).toEqual(['Monthly Plan', 'Weekly Plan', 'Daily Plan'])
  expect(await texts(cards.locator('.plan-card__amount'))).toEqual(['$35', '$55', '$65'])
  const planNames = ['Monthly', 'Weekly', 'Daily']
  for (const [index, card] of (await cards.all()).entries()) {
    expect(await texts(card.locator('li'))).toEqual([
      '9am-3pm care',
      '3 meals a day',
      'Science Classes',
      '2 Educators',
    ])
    // To /profile, with the plan chosen (issue 26: carried on to the add form, e2e/chosen-plan.spec.ts).
    await expect(card.getByRole('link', { name: 'Choose Plan' })).toHaveAttribute(
      'href',
      `/profile?plan=${planNames[index]}`,
    )
  }
}

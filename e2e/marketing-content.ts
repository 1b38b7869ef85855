// What the marketing specs check against: the centre's contact details, every marketing page with its
// heading, and small readers of links and texts.
import type { Locator } from '@playwright/test'

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

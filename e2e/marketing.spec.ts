import type { Locator } from '@playwright/test'
import { expect, expectHydrated, scrollThrough, test } from './fixtures'
import { notFoundStatusOf } from './not-found-status'

// The build's default contact details (src/shared/config/site-config.ts; the suite builds without
// VITE_ overrides).
const phone = '+234 800 555 0142'
const email = 'hello@sunbeam-daycare.example'

const marketingPages: [path: string, h1: string][] = [
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

const hrefs = (links: Locator) => links.evaluateAll((els) => els.map((el) => el.getAttribute('href')))
const texts = (items: Locator) => items.evaluateAll((els) => els.map((el) => el.textContent?.trim()))

test.describe('the frame of every marketing page', () => {
  for (const [path, h1] of marketingPages) {
    test(`${path}: one h1, top bar, menu and footer`, async ({ app, page }) => {
      await app.goto(path)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(h1)
      await expect(page.locator('h1')).toHaveCount(1)

      // Top bar: static hours, phone and e-mail, and a Profile link.
      const topBar = page.locator('.top-bar')
      await expect(topBar).toContainText('Mon-Fri 9.00-17.00')
      await expect(topBar).toContainText(phone)
      await expect(topBar).toContainText(email)
      await expect(topBar.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile')

      // The menu (hidden behind the toggle on phones, so read from the DOM).
      const menu = page.locator('nav[aria-label="Main"] a')
      expect(await texts(menu)).toEqual(['Home', 'About', 'Pricing', 'Team', 'Blog', 'Contact', 'Profile'])
      expect(await hrefs(menu)).toEqual(['/', '/about', '/pricing', '/team', '/blog', '/contact', '/profile'])

      // Footer.
      const footer = page.getByRole('contentinfo')
      await expect(footer.getByRole('heading', { name: 'About Sunbeam' })).toBeVisible()
      await expect(
        footer.getByRole('link', { name: /Sunbeam on (Facebook|Instagram|X|YouTube)/ }),
      ).toHaveCount(4)
      const classes = footer.locator('section[aria-labelledby="footer-classes"] li')
      expect(await texts(classes)).toEqual([
        'Music',
        'Foreign Language',
        'Dance',
        'Drama',
        'Sports Skill',
        'Previous Reading',
      ])
      const quick = footer.getByRole('navigation', { name: 'Quick Links' }).getByRole('link')
      expect(await texts(quick)).toEqual(['About', 'Our Team', 'Pricing', 'Blog', 'Contact'])
      expect(await hrefs(quick)).toEqual(['/about', '/team', '/pricing', '/blog', '/contact'])
      const news = footer.locator('section[aria-labelledby="footer-news"] a')
      expect(await hrefs(news)).toEqual(['/blog', '/blog', '/blog'])
      await expect(footer).toContainText('© 2023 Sunbeam Day Care & Baby Care')
    })
  }
})

test('home: the sections in the spec order, with their texts and link targets', async ({ app, page }) => {
  await app.goto('/')
  const main = page.locator('main')
  await expect(main.getByRole('heading', { level: 1 })).toHaveText('A Warm Nursing Environment')
  await expect(main.getByRole('link', { name: 'Join Us' })).toHaveAttribute('href', '/profile')

  expect(await texts(main.locator('h2'))).toEqual([
    'What every day includes',
    'About Us',
    'Why Choose Us',
    'Our Class Programs',
    'Upcoming Events',
    'Our Daycare Plans',
    'What Parents Say',
    'Our Staff',
    'Latest Blog',
  ])
  // The four feature boxes come between the hero and About Us (their heading is for screen readers).
  const featureBoxes = main.getByRole('region', { name: 'What every day includes' }).locator('h3')
  expect(await texts(featureBoxes)).toEqual(['Learning & Fun', 'Healthy Meal', 'Expert Teacher', 'Play Area'])

  const why = main.getByRole('region', { name: 'Why Choose Us' }).locator('h3')
  expect(await texts(why)).toEqual([
    'Knowledge Classes',
    'Full Day Session',
    'Qualified Teacher',
    'Play Area',
    'Last Minute Request',
  ])

  await scrollThrough(page)
  const programs = main.getByRole('region', { name: 'Our Class Programs', exact: true }).getByRole('group')
  await expect(programs).toHaveCount(6)
  for (const card of await programs.all()) {
    await expect(card).toContainText('2-4 years')
    await expect(card).toContainText('9:00-11:00')
    await expect(card).toContainText('$20')
    await expect(card.getByRole('link', { name: /^View Details/ })).toHaveAttribute('href', '/about')
  }

  const events = main.locator('.event')
  expect(await texts(events.locator('h3'))).toEqual([
    'Math Classes',
    'Imagination Classes',
    'Happiness is Joy of Learning',
    'E-Learning Media',
  ])
  expect(await texts(events.locator('.event__time'))).toEqual(['11.00am', '11.30am', '12.00am', '12.30am'])
  expect(await hrefs(events.getByRole('link', { name: /^Read More/ }))).toEqual([
    '/about',
    '/about',
    '/about',
    '/about',
  ])

  await expectThreePlans(main.getByRole('region', { name: 'Our Daycare Plans' }))

  await expect(main.getByRole('region', { name: 'What Parents Say' }).locator('blockquote')).toHaveCount(3)
  expect(await texts(main.getByRole('region', { name: 'Our Staff' }).locator('.person-card__role'))).toEqual([
    'Senior Teacher',
    'Head Teacher',
    'Assistant Teacher',
  ])

  const blogSlides = main.getByRole('region', { name: 'Latest Blog', exact: true }).getByRole('group')
  await expect(blogSlides).toHaveCount(6)
  const blogLinks = (await hrefs(blogSlides.locator('h3 a'))).sort()
  expect(blogLinks).toEqual(['/blog/1', '/blog/2', '/blog/3', '/blog/4', '/blog/5', '/blog/6'])
})

async function expectThreePlans(scope: Locator) {
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

test('home sliders: Swiper arrives near the viewport with 500 ms, loop, autoplay and the right number of cards', async ({
  app,
  page,
}, testInfo) => {
  await app.goto('/')
  const slider = page.getByRole('region', { name: 'Class programs', exact: true })
  await slider.scrollIntoViewIfNeeded()
  await expect(slider.locator('.swiper')).toHaveClass(/swiper-initialized/)
  await expect(slider.getByRole('button', { name: 'Pause slides' })).toBeVisible()
  const state = await slider.locator('.swiper').evaluate((el) => {
    const swiper = (
      el as HTMLElement & {
        swiper: {
          params: { speed: number; loop: boolean; slidesPerView: number }
          autoplay: { running: boolean }
        }
      }
    ).swiper
    return {
      speed: swiper.params.speed,
      loop: swiper.params.loop,
      perView: swiper.params.slidesPerView,
      autoplay: swiper.autoplay.running,
    }
  })
  // 390 px: 1 card; 1280 px (at least 1244): 3 cards.
  expect(state).toEqual({
    speed: 500,
    loop: true,
    perView: testInfo.project.name === 'phone' ? 1 : 3,
    autoplay: true,
  })

  // The Pause button stops the autoplay (WCAG 2.2.2), Next moves one card.
  await slider.getByRole('button', { name: 'Pause slides' }).click()
  await expect(slider.getByRole('button', { name: 'Play slides' })).toBeVisible()
  expect(
    await slider
      .locator('.swiper')
      .evaluate(
        (el) => (el as HTMLElement & { swiper: { autoplay: { running: boolean } } }).swiper.autoplay.running,
      ),
  ).toBe(false)
  const before = await slider.locator('.swiper-slide-active').getAttribute('aria-label')
  await slider.getByRole('button', { name: 'Next slide' }).click()
  await expect(slider.locator('.swiper-slide-active')).not.toHaveAttribute('aria-label', before ?? '')
})

test('home sliders do not autoplay for visitors who prefer reduced motion', async ({ app, page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' })
  await app.goto('/')
  const slider = page.getByRole('region', { name: 'Latest blog posts', exact: true })
  await slider.scrollIntoViewIfNeeded()
  await expect(slider.locator('.swiper')).toHaveClass(/swiper-initialized/)
  await expect(slider.getByRole('button', { name: 'Play slides' })).toBeVisible()
  const running = await slider
    .locator('.swiper')
    .evaluate(
      (el) => (el as HTMLElement & { swiper: { autoplay: { running: boolean } } }).swiper.autoplay.running,
    )
  expect(running).toBe(false)
})

test('about: banner, services, six tick points, Discover More to /blog and three babysitters', async ({
  app,
  page,
}) => {
  await app.goto('/about')
  await expect(
    page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Home' }),
  ).toHaveAttribute('href', '/')
  const main = page.locator('main')
  await expect(
    main.getByRole('heading', { level: 2, name: 'A Second Home For Your Little One' }),
  ).toBeVisible()
  expect(await texts(main.getByRole('region', { name: 'Our Services' }).locator('h3'))).toEqual([
    'Baby Sitting',
    'Baby Shower',
    'Full Time Nanny',
  ])
  const great = main.getByRole('region', { name: 'Daycare Is Great For Kids' })
  await expect(great.locator('.tick-list li')).toHaveCount(6)
  await expect(great.getByRole('link', { name: 'Discover More' })).toHaveAttribute('href', '/blog')
  await expect(main.getByRole('region', { name: 'Our Babysitter' }).locator('.person-card')).toHaveCount(3)
})

test('pricing: three plans with Choose Plan to /profile, five feature tiles and Discover More to /blog', async ({
  app,
  page,
}) => {
  await app.goto('/pricing')
  const main = page.locator('main')
  await expectThreePlans(main)
  expect(await texts(main.locator('.highlight-grid--tiles h3'))).toEqual([
    'Knowledge Classes',
    'Full Day Session',
    'Qualified Teacher',
    'Play Area',
    'Last Minute Request',
  ])
  await expect(main.getByRole('link', { name: 'Discover More' })).toHaveAttribute('href', '/blog')
  await main.getByRole('link', { name: 'Choose Plan' }).first().click()
  await expect(page).toHaveURL(/\/(profile|login)/)
})

test('team: nine cards titled Deputy Head Teacher, each with a name and social icons', async ({
  app,
  page,
}) => {
  await app.goto('/team')
  const cards = page.locator('main .person-card')
  await expect(cards).toHaveCount(9)
  for (const card of await cards.all()) {
    await expect(card.locator('h3')).not.toBeEmpty()
    await expect(card.locator('.person-card__role')).toHaveText('Deputy Head Teacher')
    await expect(card.getByRole('link')).toHaveCount(4)
  }
})

test('blog: six posts with picture, title, excerpt, date and 3 comments, linking to /blog/1 to /blog/6', async ({
  app,
  page,
}) => {
  await app.goto('/blog')
  const posts = page.locator('main article')
  await expect(posts).toHaveCount(6)
  for (const post of await posts.all()) {
    await expect(post).toContainText('26 April, 2023')
    await expect(post).toContainText('3 comments')
    await expect(post.locator('img')).toHaveAttribute('alt', /.+/)
    await expect(post.locator('.blog-card__excerpt')).not.toBeEmpty()
  }
  expect(await hrefs(posts.locator('h2 a'))).toEqual([
    '/blog/1',
    '/blog/2',
    '/blog/3',
    '/blog/4',
    '/blog/5',
    '/blog/6',
  ])
  await posts.nth(2).locator('h2 a').click()
  await expect(page).toHaveURL(/\/blog\/3$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Why Messy Play Matters')
})

for (const id of ['1', '2', '3', '4', '5', '6']) {
  test(`blog ${id}: article, Latest Posts and the Free Call box`, async ({ app, page }) => {
    await app.goto(`/blog/${id}`)
    const article = page.locator('main article')
    await expect(article).toContainText('26 April, 2023')
    await expect(article).toContainText('3 comments')
    expect((await article.locator('p').allTextContents()).join(' ').length).toBeGreaterThan(600)
    const latest = page.getByRole('region', { name: 'Latest Posts' }).getByRole('link')
    await expect(latest).toHaveCount(4)
    expect(await hrefs(latest)).not.toContain(`/blog/${id}`)
    const call = page.getByRole('region', { name: 'Free Call' })
    await expect(call).toContainText(phone)
    await expect(call.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact')
  })
}

test('blog details: Contact Us in the Free Call box opens /contact', async ({ app, page }) => {
  await app.goto('/blog/4')
  await page.getByRole('region', { name: 'Free Call' }).getByRole('link', { name: 'Contact Us' }).click()
  await expect(page).toHaveURL(/\/contact$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact Us')
})

test('contact: the Quick Inquire form and the contact details', async ({ app, page }) => {
  await app.goto('/contact')
  const form = page.getByRole('form', { name: 'Quick Inquire' })
  const fields: [label: string, name: string][] = [
    ['First name', 'name'],
    ['Last name', 'lastName'],
    ['Email', 'email'],
    ['Subject', 'subject'],
    ['Message', 'message'],
  ]
  for (const [label, name] of fields) {
    await expect(form.getByLabel(label, { exact: true })).toHaveAttribute('name', name)
  }
  await expect(form.getByRole('button', { name: 'Submit Now' })).toBeVisible()
  const info = page.getByRole('region', { name: 'Get in Touch' })
  await expect(info).toContainText(phone)
  await expect(info).toContainText(email)
  await expect(info).toContainText('Osongama Estate, Uyo')

  // The browser's own validation stops an empty form. (Sending is wired by the accounts feature and
  // tested there; the form's behaviour without a sender is covered by inquiry-form.test.tsx.)
  await form.getByRole('button', { name: 'Submit Now' }).click()
  expect(
    await form.getByLabel('First name').evaluate((el: HTMLInputElement) => el.validity.valueMissing),
  ).toBe(true)
})

for (const path of ['/blog/7', '/blog/0', '/nope']) {
  // The page comes with HTTP 404 (no soft 404), which Chromium logs for the page itself.
  test.describe(() => {
    test.use({ allowedConsoleErrors: [notFoundStatusOf(path)] })
    test(`${path} shows the friendly not-found page with a way home`, async ({ app, page }) => {
      await app.goto(path)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('We could not find that page')
      await expect(page.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/')
      await page.getByRole('link', { name: 'Back to the home page' }).click()
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('A Warm Nursing Environment')
    })
  })
}

test('calls to action: Join Us and Choose Plan lead to /profile, Discover More to /blog, View Details to /about', async ({
  app,
  page,
}) => {
  await app.goto('/')
  await page.getByRole('link', { name: 'Join Us' }).click()
  await expect(page).toHaveURL(/\/(profile|login)/)
  await app.goto('/about')
  await page.getByRole('link', { name: 'Discover More' }).click()
  await expect(page).toHaveURL(/\/blog$/)
  await app.goto('/')
  const details = page
    .getByRole('region', { name: 'Our Class Programs' })
    .getByRole('link', { name: /^View Details/ })
  await details.first().scrollIntoViewIfNeeded()
  await details.first().click()
  await expect(page).toHaveURL(/\/about$/)
})

test('a new page starts at the top with focus on its heading', async ({ app, page }) => {
  await app.goto('/')
  const pricing = page.getByRole('contentinfo').getByRole('link', { name: 'Pricing' })
  await expectHydrated(pricing)
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000)
  await pricing.click()
  await expect(page).toHaveURL(/\/pricing$/)
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused()
  expect(await page.evaluate(() => window.scrollY)).toBe(0)
})

test('the skip link moves focus to the main content', async ({ app, page }) => {
  await app.goto('/about')
  // Tab only once the page is hydrated and idle, as a person would after it appeared.
  await page.waitForLoadState('networkidle')
  await page.keyboard.press('Tab')
  const skip = page.getByRole('link', { name: 'Skip to main content' })
  await expect(skip).toBeFocused()
  await expect(skip).toBeVisible()
  await page.keyboard.press('Enter')
  await expect(page.locator('#main')).toBeFocused()
})

test.describe('phone menu', () => {
  test.beforeEach(({ page: _page }, testInfo) => {
    test.skip(testInfo.project.name !== 'phone', 'the toggle exists only on narrow screens')
  })

  test('opens full height, navigates and closes', async ({ app, page }) => {
    await app.goto('/')
    const toggle = page.getByRole('button', { name: 'Menu' })
    const menu = page.getByRole('navigation', { name: 'Main' })
    await expect(menu.getByRole('link', { name: 'Pricing' })).toBeHidden()
    await toggle.click()
    await expect(page.getByRole('button', { name: 'Close' })).toHaveAttribute('aria-expanded', 'true')
    const box = await menu.boundingBox()
    expect(box?.height).toBeGreaterThanOrEqual(844 - 1)
    await menu.getByRole('link', { name: 'Pricing' }).click()
    await expect(page).toHaveURL(/\/pricing$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pricing')
    await expect(page.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false')
    await expect(menu.getByRole('link', { name: 'Team' })).toBeHidden()
  })

  test('works from the keyboard and closes with Escape', async ({ app, page }) => {
    await app.goto('/about')
    const toggle = page.getByRole('button', { name: 'Menu' })
    await toggle.focus()
    await page.keyboard.press('Enter')
    const menu = page.getByRole('navigation', { name: 'Main' })
    await expect(menu.getByRole('link', { name: 'Home' })).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await expect(toggle).toBeFocused()
    await expect(menu.getByRole('link', { name: 'Home' })).toBeHidden()
  })
})

test('desktop menu: every link is visible and navigates', async ({ app, page }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'on phones the links sit behind the toggle (tested above)')
  await app.goto('/')
  await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden()
  const menu = page.getByRole('navigation', { name: 'Main' })
  const pages: [name: string, h1: string][] = [
    ['About', 'About Us'],
    ['Pricing', 'Pricing'],
    ['Team', 'Our Team'],
    ['Blog', 'Our Blog'],
    ['Contact', 'Contact Us'],
    ['Home', 'A Warm Nursing Environment'],
  ]
  for (const [name, h1] of pages) {
    await menu.getByRole('link', { name, exact: true }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(h1)
    await expect(menu.getByRole('link', { name, exact: true })).toHaveAttribute('aria-current', 'page')
  }
})

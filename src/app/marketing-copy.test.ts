// @vitest-environment node
// The marketing pages' copy, read from the HTML the build writes for each page (the prerenderer, as the
// build runs it), not in a browser: every text, count and link target the spec gives. What needs a
// browser (clicks, sliders, layout, axe, bytes) is in e2e/marketing-walk.spec.ts, marketing.spec.ts and
// marketing-pages.spec.ts.
import { within } from '@testing-library/dom'
import { JSDOM } from 'jsdom'
import { describe, expect, it } from 'vitest'
import { renderPage } from './entry-prerender'

/** The centre's default contact details (src/shared/config/site-config.ts; tests set no VITE_ overrides). */
const phone = '+234 800 555 0142'
const email = 'hello@sunbeam-daycare.example'

async function mainOf(path: string) {
  const { html, statusCode } = await renderPage(path)
  const { document } = new JSDOM(html).window
  const main = document.querySelector('main')
  if (!main) throw new Error(`${path}: no <main>`)
  return { main, statusCode, page: within(document.body), inMain: within(main) }
}

const texts = (elements: Iterable<Element>) => [...elements].map((element) => element.textContent?.trim())
const hrefs = (elements: Iterable<Element>) => [...elements].map((element) => element.getAttribute('href'))

function expectThreePlans(scope: Element) {
  const cards = [...scope.querySelectorAll('.plan-card')]
  expect(cards).toHaveLength(3)
  expect(texts(scope.querySelectorAll('.plan-card h3'))).toEqual([
    'Monthly Plan',
    'Weekly Plan',
    'Daily Plan',
  ])
  expect(texts(scope.querySelectorAll('.plan-card__amount'))).toEqual(['$35', '$55', '$65'])
  for (const [index, card] of cards.entries()) {
    expect(texts(card.querySelectorAll('li'))).toEqual([
      '9am-3pm care',
      '3 meals a day',
      'Science Classes',
      '2 Educators',
    ])
    // To /profile, with the plan chosen (carried on to the add form: e2e/chosen-plan.spec.ts).
    expect(
      within(card as HTMLElement)
        .getByRole('link', { name: 'Choose Plan' })
        .getAttribute('href'),
    ).toBe(`/profile?plan=${['Monthly', 'Weekly', 'Daily'][index]}`)
  }
}

describe('the marketing pages as written for the visitor', () => {
  it('home: the sections in the spec order, with their texts and link targets', async () => {
    const { main, inMain } = await mainOf('/')
    expect(inMain.getByRole('heading', { level: 1 }).textContent).toBe('A Warm Nursing Environment')
    expect(inMain.getByRole('link', { name: 'Join Us' }).getAttribute('href')).toBe('/signup')
    expect(texts(main.querySelectorAll('h2'))).toEqual([
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
    const region = (name: string) => inMain.getByRole('region', { name })
    expect(texts(region('What every day includes').querySelectorAll('h3'))).toEqual([
      'Learning & Fun',
      'Healthy Meal',
      'Expert Teacher',
      'Play Area',
    ])
    expect(texts(region('Why Choose Us').querySelectorAll('h3'))).toEqual([
      'Knowledge Classes',
      'Full Day Session',
      'Qualified Teacher',
      'Play Area',
      'Last Minute Request',
    ])
    const programs = within(region('Our Class Programs')).getAllByRole('group')
    expect(programs).toHaveLength(6)
    for (const card of programs) {
      expect(card.textContent).toContain('2-4 years')
      expect(card.textContent).toContain('9:00-11:00')
      expect(card.textContent).toContain('$20')
      expect(
        within(card)
          .getByRole('link', { name: /^View Details/ })
          .getAttribute('href'),
      ).toBe('/about')
    }
    const events = main.querySelectorAll('.event')
    expect(texts(main.querySelectorAll('.event h3'))).toEqual([
      'Math Classes',
      'Imagination Classes',
      'Happiness is Joy of Learning',
      'E-Learning Media',
    ])
    expect(texts(main.querySelectorAll('.event .event__time'))).toEqual([
      '11.00am',
      '11.30am',
      '12.00am',
      '12.30am',
    ])
    expect(
      [...events].map((event) =>
        within(event as HTMLElement)
          .getByRole('link', { name: /^Read More/ })
          .getAttribute('href'),
      ),
    ).toEqual(['/about', '/about', '/about', '/about'])
    expectThreePlans(region('Our Daycare Plans'))
    expect(region('What Parents Say').querySelectorAll('blockquote')).toHaveLength(3)
    expect(texts(region('Our Staff').querySelectorAll('.person-card__role'))).toEqual([
      'Senior Teacher',
      'Head Teacher',
      'Assistant Teacher',
    ])
    const blogSlides = within(region('Latest Blog')).getAllByRole('group')
    expect(blogSlides).toHaveLength(6)
    expect(hrefs(blogSlides.flatMap((slide) => [...slide.querySelectorAll('h3 a')])).sort()).toEqual([
      '/blog/1',
      '/blog/2',
      '/blog/3',
      '/blog/4',
      '/blog/5',
      '/blog/6',
    ])
  })

  it('about: banner, services, six tick points, Discover More to /blog and three babysitters', async () => {
    const { page, inMain } = await mainOf('/about')
    const breadcrumb = within(page.getByRole('navigation', { name: 'Breadcrumb' }))
    expect(breadcrumb.getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/')
    inMain.getByRole('heading', { level: 2, name: 'A Second Home For Your Little One' })
    expect(texts(inMain.getByRole('region', { name: 'Our Services' }).querySelectorAll('h3'))).toEqual([
      'Baby Sitting',
      'Baby Shower',
      'Full Time Nanny',
    ])
    const great = inMain.getByRole('region', { name: 'Daycare Is Great For Kids' })
    expect(great.querySelectorAll('.tick-list li')).toHaveLength(6)
    expect(within(great).getByRole('link', { name: 'Discover More' }).getAttribute('href')).toBe('/blog')
    expect(
      inMain.getByRole('region', { name: 'Our Babysitter' }).querySelectorAll('.person-card'),
    ).toHaveLength(3)
  })

  it('pricing: three plans with Choose Plan to /profile, five feature tiles and Discover More to /blog', async () => {
    const { main, inMain } = await mainOf('/pricing')
    expectThreePlans(main)
    expect(texts(main.querySelectorAll('.highlight-grid--tiles h3'))).toEqual([
      'Knowledge Classes',
      'Full Day Session',
      'Qualified Teacher',
      'Play Area',
      'Last Minute Request',
    ])
    expect(inMain.getByRole('link', { name: 'Discover More' }).getAttribute('href')).toBe('/blog')
  })

  it('team: nine cards titled Deputy Head Teacher, each with a name and social icons', async () => {
    const { main } = await mainOf('/team')
    const cards = [...main.querySelectorAll<HTMLElement>('.person-card')]
    expect(cards).toHaveLength(9)
    for (const card of cards) {
      expect(card.querySelector('h3')?.textContent?.trim()).not.toBe('')
      expect(card.querySelector('.person-card__role')?.textContent).toBe('Deputy Head Teacher')
      expect(within(card).getAllByRole('link')).toHaveLength(4)
    }
  })

  it('blog: six posts with picture, title, excerpt, date and 3 comments, linking to /blog/1 to /blog/6', async () => {
    const { main } = await mainOf('/blog')
    const posts = [...main.querySelectorAll('article')]
    expect(posts).toHaveLength(6)
    for (const post of posts) {
      expect(post.textContent).toContain('26 April, 2023')
      expect(post.textContent).toContain('3 comments')
      expect(post.querySelector('img')?.getAttribute('alt')).toMatch(/.+/)
      expect(post.querySelector('.blog-card__excerpt')?.textContent?.trim()).not.toBe('')
    }
    expect(hrefs(main.querySelectorAll('article h2 a'))).toEqual([
      '/blog/1',
      '/blog/2',
      '/blog/3',
      '/blog/4',
      '/blog/5',
      '/blog/6',
    ])
  })

  for (const id of ['1', '2', '3', '4', '5', '6']) {
    it(`blog ${id}: article, Latest Posts and the Free Call box`, async () => {
      const { main, page } = await mainOf(`/blog/${id}`)
      const article = main.querySelector('article')
      expect(article?.textContent).toContain('26 April, 2023')
      expect(article?.textContent).toContain('3 comments')
      expect(texts(article?.querySelectorAll('p') ?? []).join(' ').length).toBeGreaterThan(600)
      const latest = within(page.getByRole('region', { name: 'Latest Posts' })).getAllByRole('link')
      expect(latest).toHaveLength(4)
      expect(hrefs(latest)).not.toContain(`/blog/${id}`)
      const call = page.getByRole('region', { name: 'Free Call' })
      expect(call.textContent).toContain(phone)
      expect(within(call).getByRole('link', { name: 'Contact Us' }).getAttribute('href')).toBe('/contact')
    })
  }

  it('contact: the Quick Inquire form, every field required where the spec says, and the contact details', async () => {
    const { page } = await mainOf('/contact')
    const form = within(page.getByRole('form', { name: 'Quick Inquire' }))
    const fields: [label: string, name: string][] = [
      ['First name', 'name'],
      ['Last name', 'lastName'],
      ['Email', 'email'],
      ['Subject', 'subject'],
      ['Message', 'message'],
    ]
    for (const [label, name] of fields)
      expect(form.getByLabelText(label, { exact: true }).getAttribute('name')).toBe(name)
    // The browser's own validation stops an empty form (its behaviour: src/marketing/components/inquiry-form.test.tsx).
    expect(form.getByLabelText('First name', { exact: true }).hasAttribute('required')).toBe(true)
    form.getByRole('button', { name: 'Submit Now' })
    const info = page.getByRole('region', { name: 'Get in Touch' })
    expect(info.textContent).toContain(phone)
    expect(info.textContent).toContain(email)
    expect(info.textContent).toContain('Osongama Estate, Uyo')
  })

  for (const path of ['/blog/7', '/blog/0', '/nope']) {
    it(`${path} is the friendly not-found page with a way home, answered with 404`, async () => {
      const { inMain, statusCode } = await mainOf(path)
      expect(statusCode).toBe(404)
      expect(inMain.getByRole('heading', { level: 1 }).textContent).toBe('We could not find that page')
      expect(inMain.getByRole('link', { name: 'Back to the home page' }).getAttribute('href')).toBe('/')
    })
  }
})

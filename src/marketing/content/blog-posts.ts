// Blog summaries: used by the blog list, the home 'Latest Blog' slider, the footer's Latest News and
// the detail page's Latest Posts. The article bodies live in blog-articles.ts so the layout (which
// shows three titles in the footer) does not carry every body on every page.

export interface BlogPostSummary {
  /** '1' to '6': the address is /blog/{id}. */
  readonly id: string
  readonly title: string
  readonly excerpt: string
  readonly image: string
  readonly imageAlt: string
  readonly author: string
  /** Every post is dated 26 April, 2023. */
  readonly date: string
  readonly comments: number
}

const published = { author: 'Sunbeam Team', date: '26 April, 2023', comments: 3 } as const

export const blogPosts: readonly BlogPostSummary[] = [
  {
    id: '1',
    title: 'Settling In: A Gentle First Week at Day Care',
    excerpt: 'Short visits, a favourite toy and a cheerful goodbye ritual help little ones feel at home.',
    image: '/images/blog/settling-in.svg',
    imageAlt: 'A parent waving goodbye to a smiling toddler at the nursery door',
    ...published,
  },
  {
    id: '2',
    title: 'Five Lunchbox Ideas Toddlers Actually Eat',
    excerpt: 'Colourful, simple and easy to prepare the night before: lunches that come home empty.',
    image: '/images/blog/lunchbox.svg',
    imageAlt: 'An open lunchbox with fruit, a sandwich and vegetable sticks',
    ...published,
  },
  {
    id: '3',
    title: 'Why Messy Play Matters',
    excerpt: 'Sand, water, paint and dough build fine motor skills, curiosity and calm.',
    image: '/images/blog/messy-play.svg',
    imageAlt: 'Paint splashes and handprints in bright colours',
    ...published,
  },
  {
    id: '4',
    title: 'Building a Calm Bedtime Routine',
    excerpt: 'A bath, a story and the same sleepy song: small steps that make evenings easier.',
    image: '/images/blog/bedtime.svg',
    imageAlt: 'A crescent moon and stars above a sleeping teddy bear',
    ...published,
  },
  {
    id: '5',
    title: 'Reading Together: Ten Minutes That Matter',
    excerpt: 'Why a short daily story time does so much for language, bonding and imagination.',
    image: '/images/blog/reading.svg',
    imageAlt: 'A stack of colourful picture books with an open book on top',
    ...published,
  },
  {
    id: '6',
    title: 'Rainy Day, Happy Day: Indoor Games',
    excerpt: 'Our teachers share their favourite games for wet afternoons at home.',
    image: '/images/blog/rainy-day.svg',
    imageAlt: 'Rain clouds and a rainbow over a small house',
    ...published,
  },
]

export function findBlogPost(id: string): BlogPostSummary | undefined {
  return blogPosts.find((post) => post.id === id)
}

/** True for the ids that have a page (1 to 6); the route shows not-found for any other. */
export function isBlogPostId(id: string): boolean {
  return blogPosts.some((post) => post.id === id)
}

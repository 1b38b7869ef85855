// A blog post for its page: the post's card data and its body, each loaded on demand, so no other page
// carries the list of posts or any article in its first load.
import type { BlogPostSummary } from './blog-posts'

// One module per post: a post's page loads its own body only.
const modules = import.meta.glob<{ paragraphs: readonly string[] }>('./blog-articles/post-*.ts')

export interface BlogPostContent {
  readonly post: BlogPostSummary
  readonly paragraphs: readonly string[]
}

/** Blog post `id` (1 to 6) with its paragraphs, or null for any other id. */
export async function loadBlogPost(id: string): Promise<BlogPostContent | null> {
  const load = modules[`./blog-articles/post-${id}.ts`]
  if (!load) return null
  const [{ findBlogPost }, { paragraphs }] = await Promise.all([import('./blog-posts'), load()])
  const post = findBlogPost(id)
  return post ? { post, paragraphs } : null
}

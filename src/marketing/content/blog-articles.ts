// The bodies of the six blog articles, one module per post: a post's page loads its own body only.
const modules = import.meta.glob<{ paragraphs: readonly string[] }>('./blog-articles/post-*.ts')

/** The paragraphs of blog post `id` (1 to 6), or null for any other id. */
export async function loadBlogArticle(id: string): Promise<readonly string[] | null> {
  const load = modules[`./blog-articles/post-${id}.ts`]
  return load ? (await load()).paragraphs : null
}

import { createFileRoute, notFound } from '@tanstack/react-router'
import { loadBlogPost } from '#marketing/content/blog-articles'
import { blogPostHead } from '#marketing/page-meta'
import { BlogPostPage } from '#marketing/pages/blog-post-page'

export const Route = createFileRoute('/blog/$postId')({
  // Only posts 1 to 6 exist; any other id gets the friendly not-found page.
  loader: async ({ params }) => {
    const content = await loadBlogPost(params.postId)
    if (!content) throw notFound()
    return content
  },
  head: ({ loaderData }) => (loaderData ? blogPostHead(loaderData.post) : {}),
  component: BlogPostRoute,
})

function BlogPostRoute() {
  const { post, paragraphs } = Route.useLoaderData()
  return <BlogPostPage post={post} paragraphs={paragraphs} />
}

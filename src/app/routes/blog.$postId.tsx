import { createFileRoute, notFound } from '@tanstack/react-router'
import { loadBlogArticle } from '../../marketing/content/blog-articles'
import { findBlogPost } from '../../marketing/content/blog-posts'
import { blogPostHead } from '../../marketing/page-meta'
import { BlogPostPage } from '../../marketing/pages/blog-post-page'

export const Route = createFileRoute('/blog/$postId')({
  // Only posts 1 to 6 exist; any other id gets the friendly not-found page (decisions 5).
  loader: async ({ params }) => {
    const post = findBlogPost(params.postId)
    const paragraphs = post ? await loadBlogArticle(post.id) : null
    if (!post || !paragraphs) throw notFound()
    return { post, paragraphs }
  },
  head: ({ loaderData }) => (loaderData ? blogPostHead(loaderData.post) : {}),
  component: BlogPostRoute,
})

function BlogPostRoute() {
  const { post, paragraphs } = Route.useLoaderData()
  return <BlogPostPage post={post} paragraphs={paragraphs} />
}

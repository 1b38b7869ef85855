import { createFileRoute, notFound } from '@tanstack/react-router'
import { findBlogPost } from '../marketing/content/blog-posts'
import { BlogPostPage } from '../marketing/pages/blog-post-page'

export const Route = createFileRoute('/blog/$postId')({
  // Only posts 1 to 6 exist; any other id gets the friendly not-found page (decisions 5).
  loader: ({ params }) => {
    const post = findBlogPost(params.postId)
    if (!post) throw notFound()
    return post
  },
  component: BlogPostRoute,
})

function BlogPostRoute() {
  const post = Route.useLoaderData()
  return <BlogPostPage post={post} />
}

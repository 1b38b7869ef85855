import { Link } from '@tanstack/react-router'
import type { BlogPostSummary } from '#marketing/content/blog-posts'

export function PostMeta({ post }: { readonly post: BlogPostSummary }) {
  return (
    <p className="post-meta">
      <span>{post.date}</span>
      <span aria-hidden="true"> · </span>
      <span>{post.comments} comments</span>
    </p>
  )
}

/** A post in the blog list and the home 'Latest Blog' slider; the whole title links to the article. */
export function BlogCard({
  post,
  headingLevel = 3,
}: {
  readonly post: BlogPostSummary
  readonly headingLevel?: 2 | 3
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <article className="blog-card">
      <img
        className="blog-card__image"
        src={post.image}
        alt={post.imageAlt}
        width="400"
        height="260"
        loading="lazy"
        decoding="async"
      />
      <div className="blog-card__body">
        <PostMeta post={post} />
        <Heading className="blog-card__title">
          <Link to="/blog/$postId" params={{ postId: post.id }} className="blog-card__link">
            {post.title}
          </Link>
        </Heading>
        <p className="blog-card__excerpt">{post.excerpt}</p>
        <span className="blog-card__more" aria-hidden="true">
          Read the article
        </span>
      </div>
    </article>
  )
}

import { BlogCard } from '#marketing/components/blog-card'
import { PageBanner } from '#marketing/components/page-banner'
import { blogPosts } from '#marketing/content/blog-posts'

export function BlogPage() {
  return (
    <>
      <PageBanner title="Our Blog" />
      <section className="section" aria-label="Articles">
        <div className="container">
          <ul className="card-grid">
            {blogPosts.map((post) => (
              <li key={post.id}>
                <BlogCard post={post} headingLevel={2} />
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  )
}

import { Link } from '@tanstack/react-router'
import { PostMeta } from '#marketing/components/blog-card'
import { PageBanner } from '#marketing/components/page-banner'
import { type BlogPostSummary, blogPosts } from '#marketing/content/blog-posts'
import { siteConfig } from '#shared/config/site-config'

export interface BlogPostPageProps {
  readonly post: BlogPostSummary
  /** The article's body, loaded by the route (each post's body is its own chunk). */
  readonly paragraphs: readonly string[]
}

export function BlogPostPage({ post, paragraphs }: BlogPostPageProps) {
  const latest = blogPosts.filter((other) => other.id !== post.id).slice(0, 4)
  return (
    <>
      <PageBanner title={post.title} trail={[{ label: 'Blog', to: '/blog' }]} />
      <div className="section">
        <div className="container blog-detail">
          <article className="article">
            <img
              className="article__image"
              src={post.image}
              alt={post.imageAlt}
              width="800"
              height="520"
              decoding="async"
            />
            <PostMeta post={post} />
            <p className="article__author">By {post.author}</p>
            {paragraphs.map((text) => (
              <p key={text.slice(0, 32)}>{text}</p>
            ))}
          </article>
          <aside className="blog-aside" aria-label="More from Sunbeam">
            <section className="aside-box" aria-labelledby="latest-posts">
              <h2 id="latest-posts" className="aside-box__title">
                Latest Posts
              </h2>
              <ul className="latest-posts">
                {latest.map((other) => (
                  <li key={other.id}>
                    <Link to="/blog/$postId" params={{ postId: other.id }} className="news-item">
                      <img src={other.image} alt="" width="72" height="54" loading="lazy" decoding="async" />
                      <span>
                        <span className="news-item__title">{other.title}</span>
                        <span className="news-item__date">{other.date}</span>
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
            <section className="aside-box aside-box--call" aria-labelledby="free-call">
              <h2 id="free-call" className="aside-box__title">
                Free Call
              </h2>
              <p>
                Questions about a place for your child? Our team is happy to talk, {siteConfig.openingHours}.
              </p>
              <p className="aside-box__phone">
                <a href={siteConfig.phoneHref}>{siteConfig.phone}</a>
              </p>
              <Link to="/contact" className="button button--light">
                Contact Us
              </Link>
            </section>
          </aside>
        </div>
      </div>
    </>
  )
}

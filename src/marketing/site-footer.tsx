import { Link } from '@tanstack/react-router'
import { siteConfig } from '#shared/config/site-config'
import { SocialLinks } from './components/social-links'
import { blogPosts } from './content/blog-posts'
import './marketing.css'
import { footerAbout, footerClasses, quickLinks } from './content/site-links'

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <section className="site-footer__about" aria-labelledby="footer-about">
          <h2 id="footer-about" className="site-footer__heading">
            About {siteConfig.shortName}
          </h2>
          <p>{footerAbout}</p>
          <p className="site-footer__contact">
            {siteConfig.phone}
            <br />
            {siteConfig.email}
          </p>
          <SocialLinks label="Follow us" />
        </section>
        <section aria-labelledby="footer-classes">
          <h2 id="footer-classes" className="site-footer__heading">
            Classes
          </h2>
          <ul className="site-footer__list">
            {footerClasses.map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
        </section>
        <nav aria-labelledby="footer-links">
          <h2 id="footer-links" className="site-footer__heading">
            Quick Links
          </h2>
          <ul className="site-footer__list">
            {quickLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <section className="site-footer__news-block" aria-labelledby="footer-news">
          <h2 id="footer-news" className="site-footer__heading">
            Latest News
          </h2>
          <ul className="site-footer__news">
            {blogPosts.slice(0, 3).map((post) => (
              <li key={post.id}>
                <Link to="/blog" className="news-item">
                  <img src={post.image} alt="" width="64" height="48" loading="lazy" decoding="async" />
                  <span>
                    <span className="news-item__title">{post.title}</span>
                    <span className="news-item__date">{post.date}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <p className="site-footer__copyright">
        © {siteConfig.copyrightYear} {siteConfig.name}. All rights reserved.
      </p>
    </footer>
  )
}

import { Link } from '@tanstack/react-router'
import { type MouseEvent, type KeyboardEvent as ReactKeyboardEvent, useEffect, useRef, useState } from 'react'
import { siteConfig } from '#shared/config/site-config'

export const navItems = [
  { label: 'Home', to: '/' },
  { label: 'About', to: '/about' },
  { label: 'Pricing', to: '/pricing' },
  { label: 'Team', to: '/team' },
  { label: 'Blog', to: '/blog' },
  { label: 'Contact', to: '/contact' },
  { label: 'Profile', to: '/profile' },
] as const

function TopBar() {
  return (
    <div className="top-bar">
      <div className="container top-bar__inner">
        <ul className="top-bar__list" aria-label="Opening hours and contact">
          <li>
            <span className="top-bar__label">Open</span> {siteConfig.openingHours}
          </li>
          <li>
            <span className="top-bar__label">Call</span> {siteConfig.phone}
          </li>
          <li>
            <span className="top-bar__label">Email</span> {siteConfig.email}
          </li>
        </ul>
        <Link to="/profile" className="top-bar__profile">
          Profile
        </Link>
      </div>
    </div>
  )
}

export function SiteHeader() {
  const [menuOpen, setMenuOpen] = useState(false)
  const toggleRef = useRef<HTMLButtonElement>(null)
  const menuRef = useRef<HTMLUListElement>(null)

  useEffect(() => {
    if (!menuOpen) return
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      setMenuOpen(false)
      toggleRef.current?.focus()
    }
    document.addEventListener('keydown', onKeyDown)
    // The open menu covers the whole screen on phones: the page under it must not scroll.
    document.documentElement.classList.add('menu-open')
    menuRef.current?.querySelector('a')?.focus()
    return () => {
      document.removeEventListener('keydown', onKeyDown)
      document.documentElement.classList.remove('menu-open')
    }
  }, [menuOpen])

  function onMenuClick(event: MouseEvent<HTMLUListElement>) {
    const link = (event.target as HTMLElement).closest('a')
    if (!link || !menuOpen) return
    setMenuOpen(false)
    // Leaving for another page moves focus to its heading; staying on this one must not strand focus.
    if (link.getAttribute('aria-current') === 'page') toggleRef.current?.focus()
  }

  // While the full-height menu is open, Tab cycles between the close button and the links.
  function trapFocus(event: ReactKeyboardEvent<HTMLDivElement>) {
    if (!menuOpen || event.key !== 'Tab') return
    const links = menuRef.current?.querySelectorAll('a')
    const last = links?.[links.length - 1]
    if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault()
      toggleRef.current?.focus()
    } else if (event.shiftKey && document.activeElement === toggleRef.current) {
      event.preventDefault()
      last?.focus()
    }
  }

  return (
    <header className="site-header">
      <TopBar />
      <div className="nav-bar">
        <div className="container nav-bar__inner">
          <Link to="/" className="brand">
            <img src="/favicon.svg" alt="" width="40" height="40" className="brand__logo" />
            <span className="brand__name">{siteConfig.shortName}</span>
            <span className="brand__tag">Day Care &amp; Baby Care</span>
          </Link>
          {/* biome-ignore lint/a11y/noStaticElementInteractions: only forwards Tab to keep focus inside the open menu */}
          <div className="nav-bar__menu" onKeyDown={trapFocus}>
            <button
              ref={toggleRef}
              type="button"
              className="menu-toggle"
              aria-expanded={menuOpen}
              aria-controls="site-menu"
              onClick={() => setMenuOpen((open) => !open)}
            >
              <span className="menu-toggle__bars" aria-hidden="true" />
              <span className="menu-toggle__text">{menuOpen ? 'Close' : 'Menu'}</span>
            </button>
            <nav aria-label="Main" className="site-nav" data-open={menuOpen}>
              {/* biome-ignore lint/a11y/useKeyWithClickEvents: delegated from the links, which handle keys themselves */}
              <ul id="site-menu" ref={menuRef} className="site-nav__list" onClick={onMenuClick}>
                {navItems.map((item) => (
                  <li key={item.to}>
                    <Link to={item.to} className="site-nav__link" activeOptions={{ exact: item.to === '/' }}>
                      {item.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          </div>
        </div>
      </div>
    </header>
  )
}

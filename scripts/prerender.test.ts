import { describe, expect, it } from 'vitest'
import {
  builtFileFor,
  htmlFileFor,
  pageHtml,
  servedPath,
  sitemapXml,
  startAppAfterFirstScreen,
  withParentPainter,
} from './prerender.mjs'

const template = `<!doctype html><html><head><title>Old</title>
<meta name="description" content="old" />
<script type="module" crossorigin src="/assets/index.js"></script>
<link rel="stylesheet" crossorigin href="/assets/style.css">
</head><body><div id="root"><!--app-html--></div></body></html>`

describe('prerender', () => {
  it('writes each page where Firebase Hosting (cleanUrls) looks for it', () => {
    expect(htmlFileFor('/')).toBe('index.html')
    expect(htmlFileFor('/about')).toBe('about.html')
    expect(htmlFileFor('/blog/3')).toBe('blog/3.html')
  })

  it('names each built file by the address Hosting serves it at, and back', () => {
    const files = ['index.html', 'about.html', 'blog/3.html', 'app-shell.html', 'assets/a-1.js', 'sw.js']
    const addresses = ['/', '/about', '/blog/3', '/app-shell', '/assets/a-1.js', '/sw.js']
    expect(files.map(servedPath)).toEqual(addresses)
    expect(addresses.map(builtFileFor)).toEqual(files)
  })

  it('puts the markup in #root, the escaped title and description in <head>, and the stylesheet first', () => {
    const html = pageHtml(template, {
      title: 'Plans & Pricing | Sunbeam',
      description: 'Say "hello" <now>',
      headExtra: '<link rel="canonical" href="https://x.example/pricing" />',
      markup: '<main><h1>Plans</h1></main>',
    })
    expect(html).toContain('<title>Plans &amp; Pricing | Sunbeam</title>')
    expect(html).toContain('<meta name="description" content="Say &quot;hello&quot; &lt;now&gt;" />')
    expect(html).toContain('<link rel="canonical" href="https://x.example/pricing" />')
    expect(html).toContain('<div id="root"><main><h1>Plans</h1></main></div>')
    expect(html.indexOf('rel="stylesheet"')).toBeLessThan(html.indexOf('<script type="module"'))
  })

  it('starts the app after the first screen: the entry is named in a meta tag, not loaded up front', () => {
    const html = startAppAfterFirstScreen(
      `<html><head>
    <script type="module" crossorigin src="/assets/rolldown-runtime-1.js"></script>
    <script type="module" crossorigin src="/assets/framework-2.js"></script>
</head><body><div id="root"><main></main></div></body></html>`,
      { starter: '(function start(){})()', entryMeta: 'app-entry' },
    )
    expect(html).not.toContain('src="/assets/')
    expect(html).toContain('<meta name="app-entry" content="/assets/framework-2.js" />')
    // The starter runs after the markup it hydrates.
    expect(html).toContain('<script type="module">(function start(){})()</script>')
    expect(html.indexOf('<script type="module">')).toBeGreaterThan(html.indexOf('<div id="root">'))
    expect(() =>
      startAppAfterFirstScreen('<html><body></body></html>', { starter: '', entryMeta: 'x' }),
    ).toThrow(/no module script/)
  })

  it("puts the parent's painter first in the app shell's head, before its stylesheet and modules", () => {
    const shell = withParentPainter(
      `<html><head><meta charset="UTF-8" /><style>x</style>${template.slice(template.indexOf('<script'))}`,
      '(function(){})()',
    )
    expect(shell.indexOf('<script>(function(){})()</script>')).toBeGreaterThan(shell.indexOf('charset'))
    expect(shell.indexOf('<script>(function(){})()</script>')).toBeLessThan(shell.indexOf('<style>'))
    expect(() => withParentPainter('<html><head></head><body></body></html>', 'x')).toThrow()
  })

  it('refuses a template without the placeholders it fills', () => {
    expect(() => pageHtml('<html></html>', { title: 't', description: 'd', markup: '' })).toThrow(
      /<!--app-html-->/,
    )
  })

  it('lists every page in the sitemap with its absolute address', () => {
    const xml = sitemapXml('https://sunbeam.example', ['/', '/blog/1'])
    expect(xml).toContain('<loc>https://sunbeam.example/</loc>')
    expect(xml).toContain('<loc>https://sunbeam.example/blog/1</loc>')
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true)
  })
})

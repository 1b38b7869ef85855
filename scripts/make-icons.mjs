#!/usr/bin/env node
// Draws Sunbeam's app icons (a smiling sun) as SVG and writes the PNGs the manifest, iOS and link
// previews need: node scripts/make-icons.mjs (the PNGs are committed; rerun after changing the drawing).
import { mkdirSync } from 'node:fs'
import sharp from 'sharp'

const orange = '#c2410c'
const orangeLight = '#f97316'
const sun = '#ffc94d'
const ray = '#ffe08a'
const face = '#7a3a00'
const cream = '#fffaf3'

/** A smiling sun centred at (cx, cy) with the given radius of its rays' outer end. */
function sunDrawing(cx, cy, r) {
  const core = r * 0.56
  const rays = Array.from({ length: 12 }, (_, i) => {
    const a = (i * Math.PI) / 6
    const inner = r * 0.7
    const [x1, y1] = [cx + Math.cos(a) * inner, cy + Math.sin(a) * inner]
    const [x2, y2] = [cx + Math.cos(a) * r, cy + Math.sin(a) * r]
    return `<line x1="${x1.toFixed(1)}" y1="${y1.toFixed(1)}" x2="${x2.toFixed(1)}" y2="${y2.toFixed(1)}" stroke="${ray}" stroke-width="${(r * 0.11).toFixed(1)}" stroke-linecap="round"/>`
  }).join('')
  const eye = core * 0.11
  return `${rays}
  <circle cx="${cx}" cy="${cy}" r="${core}" fill="${sun}"/>
  <circle cx="${cx - core * 0.32}" cy="${cy - core * 0.12}" r="${eye}" fill="${face}"/>
  <circle cx="${cx + core * 0.32}" cy="${cy - core * 0.12}" r="${eye}" fill="${face}"/>
  <circle cx="${cx - core * 0.55}" cy="${cy + core * 0.2}" r="${core * 0.12}" fill="#ff9a7a" opacity="0.7"/>
  <circle cx="${cx + core * 0.55}" cy="${cy + core * 0.2}" r="${core * 0.12}" fill="#ff9a7a" opacity="0.7"/>
  <path d="M ${cx - core * 0.36} ${cy + core * 0.22} Q ${cx} ${cy + core * 0.62} ${cx + core * 0.36} ${cy + core * 0.22}" stroke="${face}" stroke-width="${(core * 0.1).toFixed(1)}" stroke-linecap="round" fill="none"/>`
}

const gradient = `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${orangeLight}"/><stop offset="1" stop-color="${orange}"/></linearGradient></defs>`

/** 'any' icon: a rounded square, transparent corners. */
function anyIcon(size) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 512 512">${gradient}
  <rect x="16" y="16" width="480" height="480" rx="112" fill="url(#bg)"/>${sunDrawing(256, 256, 190)}</svg>`
}

/** 'maskable' icon: full bleed, the sun inside the safe zone (a circle of 40% of the size). */
function maskableIcon(size) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 512 512">${gradient}
  <rect width="512" height="512" fill="url(#bg)"/>${sunDrawing(256, 256, 150)}</svg>`
}

/** The link-preview image (Open Graph), 1200 x 630. */
function ogImage() {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">${gradient}
  <rect width="1200" height="630" fill="${cream}"/>
  <rect x="0" y="0" width="470" height="630" fill="url(#bg)"/>${sunDrawing(235, 315, 170)}
  <text x="540" y="270" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="76" fill="#2d2140">Sunbeam</text>
  <text x="540" y="350" font-family="DejaVu Sans, sans-serif" font-size="40" fill="#554a66">Day Care &amp; Baby Care</text>
  <text x="540" y="430" font-family="DejaVu Sans, sans-serif" font-size="30" fill="${orange}">Warm, safe and playful care</text>
  </svg>`
}

mkdirSync('public/icons', { recursive: true })
const png = (svg, file) => sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toFile(file)
await png(anyIcon(192), 'public/icons/icon-192.png')
await png(anyIcon(512), 'public/icons/icon-512.png')
await png(maskableIcon(512), 'public/icons/icon-maskable-512.png')
// iOS ignores the manifest's icons and does not round transparent corners nicely: a full-bleed one.
await png(maskableIcon(180), 'public/icons/apple-touch-icon.png')
await png(ogImage(), 'public/og-image.png')
console.log('Wrote public/icons/*.png and public/og-image.png')

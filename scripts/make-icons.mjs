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

/** A home-screen shortcut's icon: the 'any' icon's rounded square with its own picture inside. */
function shortcutIcon(size, drawing) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 512 512">${gradient}
  <rect x="16" y="16" width="480" height="480" rx="112" fill="url(#bg)"/>${drawing}</svg>`
}

/** 'Add your child': the sun, a little up and to the left, with a white plus badge on its lower right. */
const addChildDrawing = `${sunDrawing(226, 226, 170)}
  <circle cx="370" cy="370" r="98" fill="#ffffff" stroke="${orange}" stroke-width="10"/>
  <path d="M 370 318 V 422 M 318 370 H 422" stroke="${orange}" stroke-width="30" stroke-linecap="round"/>`

/** 'My profile': a parent's head and shoulders in cream. */
const profileDrawing = `<circle cx="256" cy="196" r="86" fill="${cream}"/>
  <path d="M 96 452 C 96 352 168 300 256 300 C 344 300 416 352 416 452 Z" fill="${cream}"/>`

/**
 * iPhone start-up screens (iOS shows one while an installed app starts; it ignores the manifest's
 * colours): portrait, in CSS pixels and pixel ratio. index.html links one per entry (this script prints
 * the links), each with a media query that only the matching iPhone applies; other browsers ignore the
 * link altogether. iOS shows them only to a page that also has <meta name="apple-mobile-web-app-capable">.
 * The links sit in every page's head, so index.html carries no comment about them (it would ship to
 * every visitor): the reasons are here.
 */
const splashScreens = [
  { width: 440, height: 956, ratio: 3 }, // 16 Pro Max, 17 Pro Max
  { width: 420, height: 912, ratio: 3 }, // Air
  { width: 402, height: 874, ratio: 3 }, // 16 Pro, 17, 17 Pro
  { width: 430, height: 932, ratio: 3 }, // 14 Pro Max, 15 Plus and Pro Max, 16 Plus
  { width: 393, height: 852, ratio: 3 }, // 14 Pro, 15, 15 Pro, 16
  { width: 428, height: 926, ratio: 3 }, // 12 and 13 Pro Max, 14 Plus
  { width: 390, height: 844, ratio: 3 }, // 12, 12 Pro, 13, 13 Pro, 14, 16e
  { width: 375, height: 812, ratio: 3 }, // X, XS, 11 Pro, 12 and 13 mini
  { width: 414, height: 896, ratio: 3 }, // XS Max, 11 Pro Max
  { width: 414, height: 896, ratio: 2 }, // XR, 11
  { width: 375, height: 667, ratio: 2 }, // SE (2nd and 3rd), 6, 7, 8
]

/** A start-up screen in device pixels: the sun in the middle of the cream background, the name under it. */
function splashImage(width, height) {
  const r = Math.round(width * 0.2)
  const cx = width / 2
  const cy = height / 2
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <rect width="${width}" height="${height}" fill="${cream}"/>${sunDrawing(cx, cy, r)}
  <text x="${cx}" y="${Math.round(cy + r + width * 0.14)}" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="${Math.round(width * 0.085)}" fill="#2d2140">Sunbeam</text>
  </svg>`
}

/** The file of a start-up screen, named by its size in device pixels. */
const splashFile = ({ width, height, ratio }) => `/splash/splash-${width * ratio}x${height * ratio}.png`

mkdirSync('public/icons', { recursive: true })
mkdirSync('public/splash', { recursive: true })
const png = (svg, file) => sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toFile(file)
await png(anyIcon(192), 'public/icons/icon-192.png')
await png(anyIcon(512), 'public/icons/icon-512.png')
await png(maskableIcon(192), 'public/icons/icon-maskable-192.png')
await png(maskableIcon(512), 'public/icons/icon-maskable-512.png')
// iOS ignores the manifest's icons and does not round transparent corners nicely: a full-bleed one.
await png(maskableIcon(180), 'public/icons/apple-touch-icon.png')
await png(shortcutIcon(96, addChildDrawing), 'public/icons/shortcut-add-kid-96.png')
await png(shortcutIcon(96, profileDrawing), 'public/icons/shortcut-profile-96.png')
await png(ogImage(), 'public/og-image.png')
// A flat background and a few colours: a palette PNG keeps each screen under 20 kB.
for (const screen of splashScreens) {
  await sharp(Buffer.from(splashImage(screen.width * screen.ratio, screen.height * screen.ratio)))
    .png({ palette: true, colours: 64, dither: 0, compressionLevel: 9, effort: 10 })
    .toFile(`public${splashFile(screen)}`)
}
console.log('Wrote public/icons/*.png, public/splash/*.png and public/og-image.png')
console.log('Start-up screen links for index.html:')
for (const screen of splashScreens) {
  const media = `(device-width: ${screen.width}px) and (device-height: ${screen.height}px) and (-webkit-device-pixel-ratio: ${screen.ratio}) and (orientation: portrait)`
  console.log(`    <link rel="apple-touch-startup-image" media="${media}" href="${splashFile(screen)}" />`)
}

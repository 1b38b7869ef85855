// The photo benchmark's page: makes camera-sized JPEGs in the browser, then prepares them with the very
// code the add form runs (src/parent/children/photo-prep.ts). scripts/bench.mjs drives it in Chromium and measures
// the time and the JS heap from outside.
import { preparePhotos } from '../src/parent/children/photo-prep'

/** Random noise, so the JPEGs are as large and as costly to decode as a real camera's. */
function noiseTile(width: number, height: number): OffscreenCanvas {
  const tile = new OffscreenCanvas(width, height)
  const context = tile.getContext('2d')
  if (!context) throw new Error('no 2d context')
  const pixels = context.createImageData(width, height)
  const random = new Uint32Array(pixels.data.buffer)
  for (let offset = 0; offset < random.length; offset += 16_384)
    crypto.getRandomValues(random.subarray(offset, Math.min(offset + 16_384, random.length)))
  for (let i = 3; i < pixels.data.length; i += 4) pixels.data[i] = 255
  context.putImageData(pixels, 0, 0)
  return tile
}

let files: File[] = []

/** Makes `count` JPEGs of width x height (a 12-megapixel phone camera: 4000 x 3000). */
async function makePhotos(count: number, width: number, height: number) {
  const tile = noiseTile(1000, 750)
  files = []
  for (let index = 0; index < count; index += 1) {
    const canvas = new OffscreenCanvas(width, height)
    const context = canvas.getContext('2d')
    if (!context) throw new Error('no 2d context')
    for (let y = 0; y < height; y += tile.height)
      for (let x = 0; x < width; x += tile.width) context.drawImage(tile, x - index * 37, y - index * 23)
    // A picture over the noise: a gradient and shapes, different in each photo.
    const gradient = context.createLinearGradient(0, 0, width, height)
    gradient.addColorStop(0, `hsla(${index * 60}, 70%, 60%, 0.7)`)
    gradient.addColorStop(1, `hsla(${index * 60 + 120}, 70%, 40%, 0.7)`)
    context.fillStyle = gradient
    context.fillRect(0, 0, width, height)
    const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.92 })
    files.push(new File([blob], `IMG_${1000 + index}.jpg`, { type: 'image/jpeg' }))
  }
  return files.map((file) => file.size)
}

/** Prepares the photos as the add form does; the time it took and the sizes it made. */
async function prepare() {
  const started = performance.now()
  const prepared = await preparePhotos(files)
  return { ms: performance.now() - started, sizes: prepared.map((photo) => photo.data.byteLength) }
}

Object.assign(window, { sunbeamBench: { makePhotos, prepare } })
document.documentElement.dataset.benchReady = 'true'

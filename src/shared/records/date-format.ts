// One Intl.DateTimeFormat per shape of date, made once. Making one costs a few milliseconds on a slow
// phone, and Date#toLocaleDateString(locale, options) makes a new one on every call: the staff's first
// page of 50 cards spent 0.25 s of a 4x-slowed CPU on them (npm run bench, the centre's lists).
const formats = new Map<string, Intl.DateTimeFormat>()

export function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`
  let format = formats.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options)
    formats.set(key, format)
  }
  return format
}

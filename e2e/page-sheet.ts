/** A rule the suite lays over a page for a moment: its name on `window`, its CSS. */
export interface PageSheet {
  readonly key: string
  readonly css: string
  readonly on: boolean
}

/**
 * In the page (pass it to page.evaluate): adopts the sheet, or drops it. A constructed style sheet,
 * which the page's Content-Security-Policy does not govern as it does a <style>; the page's own sheets
 * are left as they are.
 */
export function adoptPageSheet({ key, css, on }: PageSheet): void {
  const store = window as unknown as Record<string, CSSStyleSheet | undefined>
  const sheet = store[key] ?? new CSSStyleSheet()
  if (on) {
    sheet.replaceSync(css)
    store[key] = sheet
    document.adoptedStyleSheets = [...document.adoptedStyleSheets.filter((s) => s !== sheet), sheet]
  } else document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s !== sheet)
}

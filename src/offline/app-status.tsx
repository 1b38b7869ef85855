// Placeholder for the PWA work: the offline banner, the 'new version ready' prompt and install help.
export function AppStatus() {
  return null
}

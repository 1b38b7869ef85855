// The inquiries as staff answer them. Pure: unit-tested.

/**
 * The mailto: address of an inquiry's sender, each part percent-encoded (RFC 6068): whatever an older
 * record holds ('?', '&', '#', '%'), the link opens a message to that one address and adds no header
 * (a Bcc, a body) of the sender's choosing.
 */
export function mailtoHref(email: string): string {
  const at = email.lastIndexOf('@')
  if (at < 0) return `mailto:${encodeURIComponent(email)}`
  return `mailto:${encodeURIComponent(email.slice(0, at))}@${encodeURIComponent(email.slice(at + 1))}`
}

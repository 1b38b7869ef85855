export type SocialNetwork = 'facebook' | 'instagram' | 'x' | 'youtube'

// Tiny single-path brand marks (24x24 viewBox), drawn for Sunbeam; decorative, the link carries the name.
const paths: Record<SocialNetwork, string> = {
  facebook:
    'M14 8.5V6.8c0-.8.2-1.3 1.4-1.3H17V2.3c-.3 0-1.3-.1-2.5-.1-2.5 0-4.2 1.5-4.2 4.3v2H7.6v3.6h2.7V21H14v-8.9h2.8l.4-3.6z',
  instagram:
    'M12 7.3a4.7 4.7 0 1 0 0 9.4 4.7 4.7 0 0 0 0-9.4zm0 7.7a3 3 0 1 1 0-6 3 3 0 0 1 0 6zM17.3 5.6a1.1 1.1 0 1 0 0 2.2 1.1 1.1 0 0 0 0-2.2zM12 2.5c-2.6 0-2.9 0-3.9.1-3.5.2-5.4 2.1-5.6 5.6 0 1-.1 1.3-.1 3.8s0 2.9.1 3.9c.2 3.4 2.1 5.4 5.6 5.5 1 .1 1.3.1 3.9.1s2.9 0 3.9-.1c3.4-.1 5.4-2.1 5.5-5.5.1-1 .1-1.3.1-3.9s0-2.8-.1-3.8c-.1-3.5-2.1-5.4-5.5-5.6-1-.1-1.3-.1-3.9-.1zm0 1.7c2.5 0 2.8 0 3.8.1 2.5.1 3.7 1.3 3.8 3.8.1 1 .1 1.3.1 3.8s0 2.9-.1 3.8c-.1 2.5-1.3 3.7-3.8 3.8-1 .1-1.3.1-3.8.1s-2.9 0-3.8-.1c-2.6-.1-3.7-1.3-3.8-3.8-.1-.9-.1-1.2-.1-3.8s0-2.8.1-3.8c.1-2.5 1.3-3.7 3.8-3.8 1-.1 1.3-.1 3.8-.1z',
  x: 'M17.8 2.8h3.1l-6.8 7.8 8 10.6h-6.3l-4.9-6.4-5.6 6.4H2.2l7.3-8.3L1.8 2.8h6.4l4.4 5.9zm-1.1 16.5h1.7L7.4 4.6H5.6z',
  youtube:
    'M22.5 7.2a2.7 2.7 0 0 0-1.9-1.9C18.9 4.8 12 4.8 12 4.8s-6.9 0-8.6.5a2.7 2.7 0 0 0-1.9 1.9C1 8.9 1 12 1 12s0 3.1.5 4.8a2.7 2.7 0 0 0 1.9 1.9c1.7.5 8.6.5 8.6.5s6.9 0 8.6-.5a2.7 2.7 0 0 0 1.9-1.9c.5-1.7.5-4.8.5-4.8s0-3.1-.5-4.8zM9.8 15.1V8.9l5.7 3.1z',
}

export function SocialIcon({ network }: { readonly network: SocialNetwork }) {
  return (
    <svg
      className="social-icon"
      viewBox="0 0 24 24"
      width="18"
      height="18"
      aria-hidden="true"
      focusable="false"
    >
      <path fill="currentColor" d={paths[network]} />
    </svg>
  )
}

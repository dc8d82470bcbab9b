import type { Brand } from './brands'

interface BrandLogoProps {
  brand: Brand
  size?: number
  /** For coloured backgrounds: a white tile so the mark stands out from the brand colour. */
  inverse?: boolean
}

/** Decorative mark: the product name beside it carries the meaning for assistive technology. */
export function BrandLogo({ brand, size = 32, inverse = false }: BrandLogoProps) {
  if (brand === 'BANK') {
    return (
      <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="#006c86" />
        <path
          d="M6 13 16 7l10 6H6Zm2 2h3v8H8v-8Zm6.5 0h3v8h-3v-8Zm6.5 0h3v8h-3v-8ZM6 25h20"
          fill="#fff"
          stroke="#fff"
          strokeWidth="1.2"
        />
      </svg>
    )
  }
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill={inverse ? '#fff' : '#5b36bb'} />
      <circle cx="12.5" cy="16" r="5.5" fill="none" stroke={inverse ? '#5b36bb' : '#fff'} strokeWidth="2.5" />
      <circle
        cx="19.5"
        cy="16"
        r="5.5"
        fill="none"
        stroke={inverse ? '#a68be3' : '#c6b5ec'}
        strokeWidth="2.5"
      />
    </svg>
  )
}

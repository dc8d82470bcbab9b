/**
 * Builds an API path with every interpolated value percent-encoded, so that an id holding `/`, `?`
 * or `..` cannot reach a different endpoint: apiPath`/api/program/${programID}/payment-product`.
 */
export function apiPath(strings: TemplateStringsArray, ...values: readonly (string | number)[]): string {
  return strings.reduce((path, part, index) => {
    const value = values[index - 1]
    return `${path}${value === undefined ? '' : encodeURIComponent(String(value))}${part}`
  }, '')
}

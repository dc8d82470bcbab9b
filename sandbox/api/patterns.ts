/**
 * Path patterns used by faults, the request record and public-route lists: an exact path, `*` for one
 * segment, `**` (last) for any rest. A trailing slash is ignored, and segments compare decoded
 * (`mer_1:a` matches the `mer_1%3Aa` a portal sends).
 */
export function matchesPath(pattern: string, path: string): boolean {
  const wanted = split(pattern)
  const actual = split(path)
  for (let i = 0; i < wanted.length; i++) {
    const segment = wanted[i]
    if (segment === '**') return true
    if (i >= actual.length) return false
    if (segment !== '*' && segment !== actual[i]) return false
  }
  return wanted.length === actual.length
}

function split(path: string): string[] {
  return path
    .split('/')
    .filter((segment) => segment.length > 0)
    .map(decodedSegment)
}

/** A path segment decoded, or as it is when it is not valid percent-encoding. */
export function decodedSegment(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

export interface RoutePattern {
  method: string
  path: string
}

export function matchesRoute(route: RoutePattern, method: string, path: string): boolean {
  return route.method.toUpperCase() === method.toUpperCase() && matchesPath(route.path, path)
}

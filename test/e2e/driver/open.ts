import { openChromium } from './chromium'
import type { Driver, EngineName } from './driver'
import { openFirefox } from './firefox'
import { PortalPage } from './page'
import { openWebKit } from './webkit'

const OPENERS: Record<EngineName, () => Promise<Driver>> = {
  chromium: openChromium,
  firefox: openFirefox,
  webkit: openWebKit,
}

/** A fresh browser of the engine (its own profile, signed out) on the portal. */
export async function openPortal(engine: EngineName): Promise<PortalPage> {
  return new PortalPage(await OPENERS[engine]())
}

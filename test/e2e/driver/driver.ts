// One small interface over the three browser engines, so that the browser flows are written once:
// Chromium through playwright-core, Firefox ESR through puppeteer-core over WebDriver BiDi, WebKitGTK
// through WebKitWebDriver and selenium-webdriver. An adapter only navigates, runs a script in the page,
// moves the real mouse and keyboard, sizes the viewport and takes screenshots; finding elements by role
// and label happens in the page (in-page.ts), the same code in every engine (page.ts).

export const ENGINES = ['chromium', 'firefox', 'webkit'] as const
export type EngineName = (typeof ENGINES)[number]

/** Keys the flows press, by their WebDriver names. */
export type Key = 'Escape' | 'Enter' | 'Tab'

export interface Driver {
  readonly engine: EngineName
  /** Opens a portal path (or an absolute URL) and waits for the load event. */
  goto(url: string): Promise<void>
  url(): Promise<string>
  /** Runs `(${source})(arg)` in the page and answers its (JSON) result. */
  run<T>(source: string, arg?: unknown): Promise<T>
  /** A real click at viewport coordinates. */
  click(x: number, y: number): Promise<void>
  /** Types into the focused element, key by key. */
  type(text: string): Promise<void>
  press(key: Key): Promise<void>
  /** The viewport's size in CSS pixels. */
  setViewport(width: number, height: number): Promise<void>
  /** A PNG of the viewport. */
  screenshot(file: string): Promise<void>
  /**
   * Console errors and page errors the engine reported since the last call (WebKit reports none here:
   * the page's own recorder, in page.ts, catches them there).
   */
  takeReported(): Promise<string[]>
  close(): Promise<void>
}

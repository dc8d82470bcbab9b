import { type ChildProcess, spawn } from 'node:child_process'
import { writeFile } from 'node:fs/promises'
import net from 'node:net'
import { Builder, Origin, Key as SeleniumKey, type WebDriver } from 'selenium-webdriver'
import { desktop } from '../support/browser'
import type { Driver, Key } from './driver'

export const webkitDriverPath = process.env.WEBKIT_DRIVER_PATH || '/usr/bin/WebKitWebDriver'
export const miniBrowserPath =
  process.env.MINIBROWSER_PATH || '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser'
export const xvfbPath = process.env.XVFB_PATH || '/usr/bin/Xvfb'

const KEYS: Record<Key, string> = {
  Escape: SeleniumKey.ESCAPE,
  Enter: SeleniumKey.ENTER,
  Tab: SeleniumKey.TAB,
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer()
    probe.on('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()))
    })
  })
}

function within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms)
  })
  return Promise.race([promise, late]).finally(() => clearTimeout(timer))
}

/** An Xvfb of its own (MiniBrowser has no headless mode); answers its display, e.g. ":99". */
function startXvfb(): Promise<{ display: string; process: ChildProcess }> {
  const xvfb = spawn(xvfbPath, ['-displayfd', '1', '-screen', '0', '1920x3000x24', '-nolisten', 'tcp'], {
    stdio: ['ignore', 'pipe', 'ignore'],
  })
  return within(
    10_000,
    'starting Xvfb',
    new Promise((resolve, reject) => {
      xvfb.on('error', reject)
      xvfb.on('exit', (code) => reject(new Error(`Xvfb exited with ${code}`)))
      xvfb.stdout.once('data', (data: Buffer) =>
        resolve({ display: `:${data.toString().trim()}`, process: xvfb }),
      )
    }),
  )
}

async function driverReady(port: number): Promise<void> {
  await within(
    10_000,
    'starting WebKitWebDriver',
    (async () => {
      for (;;) {
        const ready = await fetch(`http://127.0.0.1:${port}/status`).then(
          (response) => response.ok,
          () => false,
        )
        if (ready) return
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
    })(),
  )
}

/**
 * WebKitGTK's MiniBrowser through WebKitWebDriver (classic WebDriver: one session per driver process)
 * and selenium-webdriver, on an Xvfb display started for it and stopped with it.
 */
export async function openWebKit(): Promise<Driver> {
  const xvfb = await startXvfb()
  const port = await freePort()
  const server = spawn(webkitDriverPath, [`--port=${port}`, '--host=127.0.0.1'], {
    env: { ...process.env, DISPLAY: xvfb.display, LANG: 'en_US.UTF-8', LANGUAGE: 'en_US' },
    stdio: 'ignore',
  })
  const stop = () => {
    server.kill('SIGTERM')
    xvfb.process.kill('SIGTERM')
  }
  let driver: WebDriver
  try {
    await driverReady(port)
    // Without a display MiniBrowser hangs the session request instead of failing it.
    driver = await within(
      30_000,
      'opening a WebKit session',
      new Builder()
        .usingServer(`http://127.0.0.1:${port}`)
        .withCapabilities({
          browserName: 'MiniBrowser',
          // The suite serves the build over HTTPS with a throwaway certificate (scripts/nginx-server.ts).
          acceptInsecureCerts: true,
          'webkitgtk:browserOptions': { binary: miniBrowserPath, args: ['--automation'] },
        })
        .build(),
    )
  } catch (error) {
    stop()
    throw error
  }

  // The window's own chrome (its title and tool bars) takes this much of its height from the page.
  const chrome = await driver.executeScript<number>('return window.outerHeight - window.innerHeight')
  const setViewport = async (width: number, height: number) => {
    await driver
      .manage()
      .window()
      .setRect({ x: 0, y: 0, width, height: height + chrome })
  }
  await setViewport(desktop.width, desktop.height)

  return {
    engine: 'webkit',
    goto: (url) => driver.get(url),
    url: () => driver.getCurrentUrl(),
    run: (source, arg) => driver.executeScript(`return (${source})(arguments[0])`, arg ?? null),
    click: (x, y) =>
      driver
        .actions({ async: true })
        .move({ x: Math.round(x), y: Math.round(y), origin: Origin.VIEWPORT })
        .click()
        .perform(),
    type: (text) => driver.actions({ async: true }).sendKeys(text).perform(),
    press: (key) => driver.actions({ async: true }).sendKeys(KEYS[key]).perform(),
    setViewport,
    screenshot: async (file) => {
      await writeFile(file, await driver.takeScreenshot(), 'base64')
    },
    takeReported: async () => [],
    close: async () => {
      await driver.quit().catch(() => undefined)
      stop()
    },
  }
}

import { mainFlows } from './flows/main-flows'

// The flows the engines suite runs in Firefox and WebKit (test/engines/), here in Chromium.
mainFlows('chromium')

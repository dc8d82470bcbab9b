import { mainFlows } from '../e2e/flows/main-flows'

mainFlows('firefox')

/** The chart module (recharts and its styles), fetched on first use; the route's loader starts it early. */
export const loadInsightsCharts = () => import('./insights-charts')

import { BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from 'chart.js';

Chart.register(BarElement, CategoryScale, LinearScale, Tooltip, Legend);
Chart.defaults.font.family = "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif";
Chart.defaults.color = '#5f6368';

export const CUSTOMER_COLOUR = '#1a73e8';
const COMPETITOR_COLOURS = ['#9aa0a6', '#e8710a', '#12b5cb', '#a142f4', '#f9ab00', '#5f6368', '#e52592', '#7cb342'];

export function competitorColour(index: number): string {
  return COMPETITOR_COLOURS[index % COMPETITOR_COLOURS.length] ?? '#9aa0a6';
}

/** Lighthouse band colours for a 0 to 100 score. */
export function bandColour(score: number): string {
  if (score >= 90) return '#0c7c3e';
  if (score >= 50) return '#e8710a';
  return '#c5221f';
}

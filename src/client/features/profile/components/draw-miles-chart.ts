import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from 'chart.js';

// Only what a bar chart needs, so this chunk (loaded by the profile alone) stays small.
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip, Legend);

/** One bar per day: the miles billed, and above them any miles over the daily cap, which are free. */
export interface MilesChartInput {
  /** Short axis labels ("Nov 23") and the full days for tooltips ("November 23, 2026"). */
  labels: string[];
  titles: string[];
  billed: number[];
  free: number[];
  texts: { billed: string; free: string; axis: string };
  locale: string;
  formatMiles(miles: number): string;
}

/** The page's own colours, so the chart follows the theme. */
function themeColour(canvas: HTMLCanvasElement, name: string, fallback: string): string {
  return getComputedStyle(canvas).getPropertyValue(name).trim() || fallback;
}

/** Draws the chart on the canvas; the caller destroys it when the data or the page change. */
export function drawMilesChart(canvas: HTMLCanvasElement, input: MilesChartInput): { destroy(): void } {
  const ink = themeColour(canvas, '--ink-soft', '#4a4863');
  const overCap = input.free.some((miles) => miles > 0);
  const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  return new Chart(canvas, {
    type: 'bar',
    data: {
      labels: input.labels,
      datasets: [
        { label: input.texts.billed, data: input.billed, backgroundColor: themeColour(canvas, '--brand', '#3632c0'), borderRadius: 3, stack: 'miles' },
        ...(overCap ? [{ label: input.texts.free, data: input.free, backgroundColor: '#b9b7ec', borderRadius: 3, stack: 'miles' }] : []),
      ],
    },
    options: {
      locale: input.locale,
      responsive: true,
      maintainAspectRatio: false,
      animation: still ? false : { duration: 250 },
      color: ink,
      scales: {
        x: { stacked: true, grid: { display: false }, ticks: { color: ink, autoSkip: true, maxRotation: 0 } },
        y: {
          stacked: true,
          beginAtZero: true,
          title: { display: true, text: input.texts.axis, color: ink },
          ticks: { color: ink, precision: 0, callback: (value) => input.formatMiles(Number(value)) },
          grid: { color: themeColour(canvas, '--line', '#dcdbe8') },
        },
      },
      plugins: {
        legend: { display: overCap, position: 'bottom', labels: { color: ink } },
        tooltip: {
          callbacks: {
            title: (items) => input.titles[items[0]?.dataIndex ?? 0],
            label: (item) => `${item.dataset.label}: ${input.formatMiles(item.parsed.y ?? 0)}`,
          },
        },
      },
    },
  });
}

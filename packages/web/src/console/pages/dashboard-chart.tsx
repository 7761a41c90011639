import { LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

// Only the parts of ECharts the line chart needs; the page that shows it is its own chunk.
echarts.use([LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export interface ChartSeries {
  name: string;
  data: number[];
}

interface Props {
  days: string[];
  series: ChartSeries[];
  /** What the chart shows, for screen readers (the figures are in the cards and the legend). */
  label: string;
  dark: boolean;
}

/** The dashboard's line chart: one line per series over the days, resized with its container. */
export default function DashboardChart({ days, series, label, dark }: Props) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const chart = echarts.init(element, dark ? 'dark' : undefined, { renderer: 'canvas' });
    chart.setOption({
      backgroundColor: 'transparent',
      tooltip: { trigger: 'axis' },
      legend: { type: 'scroll', top: 0 },
      grid: { left: 40, right: 16, top: 48, bottom: 32 },
      xAxis: { type: 'category', boundaryGap: false, data: days.map((day) => day.slice(5)) },
      yAxis: { type: 'value', minInterval: 1 },
      series: series.map((s) => ({ name: s.name, type: 'line', showSymbol: false, data: s.data })),
    });
    const observer = new ResizeObserver(() => chart.resize());
    observer.observe(element);
    return () => {
      observer.disconnect();
      chart.dispose();
    };
  }, [days, series, dark]);
  return <div ref={container} role="img" aria-label={label} style={{ width: '100%', height: 360 }} />;
}

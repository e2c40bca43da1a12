import type { ReactNode } from 'react';
import { fit, labelEvery, linear, ticks } from './scale';
import { useWidth } from './useWidth';
import styles from './Chart.module.css';

export type ChartSeries = {
  label: string;
  /** One value per category; null draws nothing there (a gap in a line). */
  values: (number | null)[];
  /** Bars of the series sharing a stack are drawn one on top of the other. */
  stack?: string;
  /** Measured on the right-hand axis (a second unit) rather than the left. */
  axis?: 'right';
  /** How a value reads in its tooltip. */
  format?: (value: number) => string;
};

export type ChartAxis = {
  /** How a tick reads; short, so it fits beside the chart. */
  format?: (value: number) => string;
  /** A fixed top, such as 100 for a percentage. */
  max?: number;
};

export type ChartProps = {
  /** The chart's name for screen readers, which read its figures in a table beside it. */
  label: string;
  categories: string[];
  series: ChartSeries[];
  height?: number;
  left?: ChartAxis;
  right?: ChartAxis;
};

const AXIS = 56;
const EDGE = 16;
const TOP = 12;
const BOTTOM = 28;
const SERIES_CLASSES = [styles.s0, styles.s1, styles.s2, styles.s3, styles.s4];
const plain = (value: number) => String(value);

/** The series drawn side by side in one category: one group per stack, one per unstacked series. */
function groupsOf(series: ChartSeries[]): ChartSeries[][] {
  const groups = new Map<string, ChartSeries[]>();
  series.forEach((s, i) => {
    const key = s.stack ?? `#${i}`;
    groups.set(key, [...(groups.get(key) ?? []), s]);
  });
  return [...groups.values()];
}

/** The largest height a side's bars or points reach: a stack counts as its total. */
function highest(series: ChartSeries[], categories: number, stacked: boolean): number {
  let top = 0;
  for (const group of stacked ? groupsOf(series) : series.map((s) => [s])) {
    for (let i = 0; i < categories; i += 1) {
      top = Math.max(
        top,
        group.reduce((sum, s) => sum + (s.values[i] ?? 0), 0),
      );
    }
  }
  return top;
}

/** The plot's box, its category band and the two value scales, for a chart `width` wide. */
function useLayout(props: ChartProps, width: number, stacked: boolean) {
  const { categories, series, height = 300 } = props;
  const hasRight = series.some((s) => s.axis === 'right');
  const box = {
    left: AXIS,
    right: width - (hasRight ? AXIS : EDGE),
    top: TOP,
    bottom: height - BOTTOM,
  };
  const band = Math.max(box.right - box.left, 1) / Math.max(categories.length, 1);
  const scaleOf = (side: 'left' | 'right') => {
    const own = series.filter((s) => (s.axis ?? 'left') === side);
    const options = (side === 'left' ? props.left : props.right) ?? {};
    const marks = ticks(options.max ?? highest(own, categories.length, stacked));
    const top = marks[marks.length - 1]!;
    return { marks, y: linear(0, top, box.bottom, box.top), format: options.format ?? plain };
  };
  return { height, box, band, hasRight, left: scaleOf('left'), right: scaleOf('right') };
}

type Layout = ReturnType<typeof useLayout>;

/** The drawing's frame: grid lines, both axes' ticks, the category labels, the marks, the legend. */
function Frame({
  props,
  layout,
  width,
  children,
}: {
  props: ChartProps;
  layout: Layout;
  width: number;
  children: ReactNode;
}) {
  const { box, band, left, right, hasRight, height } = layout;
  const longest = Math.max(...props.categories.map((c) => c.length), 1);
  const every = labelEvery(band, Math.min(longest * 6.5, 120) + 8);
  return (
    <>
      {/* The table beside the chart names the series for screen readers. */}
      <ul aria-hidden className={styles.legend}>
        {props.series.map((s, i) => (
          <li key={s.label} className={SERIES_CLASSES[i % SERIES_CLASSES.length]}>
            <span className={styles.swatch} />
            {s.label}
          </li>
        ))}
      </ul>
      <svg role="img" aria-label={props.label} width={width} height={height} className={styles.svg}>
        {left.marks.map((tick) => (
          <g key={tick}>
            <line
              x1={box.left}
              x2={box.right}
              y1={left.y(tick)}
              y2={left.y(tick)}
              className={styles.grid}
            />
            <text x={box.left - 6} y={left.y(tick)} className={styles.tickLeft}>
              {left.format(tick)}
            </text>
          </g>
        ))}
        {hasRight &&
          right.marks.map((tick) => (
            <text key={tick} x={box.right + 6} y={right.y(tick)} className={styles.tickRight}>
              {right.format(tick)}
            </text>
          ))}
        <line
          x1={box.left}
          x2={box.right}
          y1={box.bottom}
          y2={box.bottom}
          className={styles.axis}
        />
        {props.categories.map((category, i) => {
          if (i % every !== 0) return null;
          const text = fit(category, band * every - 4);
          // Kept inside the drawing: a label wider than its band would be cut at the edge.
          const half = (text.length * 6.5) / 2;
          const x = Math.min(Math.max(box.left + band * (i + 0.5), half), width - half);
          return (
            <text key={category} x={x} y={box.bottom + 18} className={styles.category}>
              <title>{category}</title>
              {text}
            </text>
          );
        })}
        {children}
      </svg>
    </>
  );
}

/** A tooltip's words for one value: the series, the category and the value as its series says. */
const tip = (s: ChartSeries, category: string, value: number) =>
  `${s.label}, ${category}: ${(s.format ?? plain)(value)}`;

/**
 * Bars per category: series sharing a `stack` on top of each other, other series beside them;
 * a series on the right-hand axis is measured by that axis.
 */
export function BarChart(props: ChartProps) {
  const [ref, width] = useWidth<HTMLDivElement>(600);
  const layout = useLayout(props, width, true);
  const { box, band } = layout;
  const groups = groupsOf(props.series);
  const barWidth = (band * 0.8) / groups.length;
  return (
    <div ref={ref} className={styles.chart}>
      <Frame props={props} layout={layout} width={width}>
        {groups.map((group, g) => {
          const base = props.categories.map(() => 0);
          return group.map((s) => {
            const { y } = s.axis === 'right' ? layout.right : layout.left;
            return (
              <g
                key={s.label}
                className={SERIES_CLASSES[props.series.indexOf(s) % SERIES_CLASSES.length]}
              >
                {props.categories.map((category, i) => {
                  const value = s.values[i];
                  if (value === null || value === undefined || value <= 0) return null;
                  const top = y(base[i]! + value);
                  const bottom = y(base[i]!);
                  base[i] = base[i]! + value;
                  return (
                    <rect
                      key={category}
                      x={box.left + band * i + band * 0.1 + barWidth * g}
                      y={top}
                      width={Math.max(barWidth - 1, 1)}
                      height={Math.max(bottom - top, 0)}
                      className={styles.bar}
                    >
                      <title>{tip(s, category, value)}</title>
                    </rect>
                  );
                })}
              </g>
            );
          });
        })}
      </Frame>
    </div>
  );
}

/** A line per series through its values, a point on each; a null leaves a gap. */
export function LineChart(props: ChartProps) {
  const [ref, width] = useWidth<HTMLDivElement>(600);
  const layout = useLayout(props, width, false);
  const { box, band } = layout;
  const x = (i: number) => box.left + band * (i + 0.5);
  return (
    <div ref={ref} className={styles.chart}>
      <Frame props={props} layout={layout} width={width}>
        {props.series.map((s, n) => {
          const { y } = s.axis === 'right' ? layout.right : layout.left;
          const path = s.values
            .map((value, i) => {
              if (value === null) return '';
              const joined = i > 0 && s.values[i - 1] !== null;
              return `${joined ? 'L' : 'M'}${x(i)},${y(value)}`;
            })
            .join(' ');
          return (
            <g key={s.label} className={SERIES_CLASSES[n % SERIES_CLASSES.length]}>
              <path d={path} className={styles.line} />
              {s.values.map((value, i) =>
                value === null ? null : (
                  <circle
                    key={props.categories[i]}
                    cx={x(i)}
                    cy={y(value)}
                    r={3.5}
                    className={styles.point}
                  >
                    <title>{tip(s, props.categories[i]!, value)}</title>
                  </circle>
                ),
              )}
            </g>
          );
        })}
      </Frame>
    </div>
  );
}

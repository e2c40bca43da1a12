/** The ticks of a value axis from 0 (or `min`) to a round number at or above `max`: about five. */
export function ticks(max: number, min = 0, count = 5): number[] {
  const span = Math.max(max - min, 0) || 1;
  const rough = span / (count - 1);
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * magnitude).find((s) => s >= rough) ?? rough;
  const top = min + Math.ceil(span / step) * step;
  const out: number[] = [];
  for (let t = min; t <= top + step / 2; t += step) out.push(Math.round(t * 1e6) / 1e6);
  return out;
}

/** Maps a value on an axis running from `from` to `to` onto pixels from `bottom` up to `top`. */
export const linear =
  (from: number, to: number, bottom: number, top: number) =>
  (value: number): number =>
    bottom - ((value - from) / (to - from || 1)) * (bottom - top);

/** Every how many categories a label is written, so that labels `room` pixels wide do not touch. */
export const labelEvery = (band: number, room: number) => Math.max(1, Math.ceil(room / band));

/** A label cut to about `width` pixels of 11 px text, with an ellipsis when cut. */
export function fit(label: string, width: number): string {
  const chars = Math.max(3, Math.floor(width / 6.5));
  return label.length <= chars ? label : `${label.slice(0, chars - 1)}…`;
}

const BARS = '▁▂▃▄▅▆▇█';
/** A point the series has no value for (a run that did not measure the metric). */
export const MISSING_POINT = '·';

/**
 * A text sparkline, one character a point: each value's height within the
 * series' own min..max (so small moves show; the figures beside it give the
 * scale). A flat series sits at mid height, not at the floor, which would
 * read as "at its lowest". A missing value is MISSING_POINT.
 */
export function sparkline(values: readonly (number | undefined)[]): string {
  const present = values.filter((value): value is number => value !== undefined);
  const min = Math.min(...present);
  const max = Math.max(...present);
  const top = BARS.length - 1;
  return values
    .map((value) => {
      if (value === undefined) return MISSING_POINT;
      if (max === min) return BARS[Math.floor(top / 2)]!;
      return BARS[Math.round(((value - min) / (max - min)) * top)]!;
    })
    .join('');
}
